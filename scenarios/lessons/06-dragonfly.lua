-- golden: --sweep routing=SD,SI,AD,AI,AH
-- golden: --sweep placement=RDN,RDC,linear
-- Lesson 6: routing and placement on a dragonfly (Jain's thesis, Ch. 3:
-- the link model of DamselFly).
--
-- UMesh on a 72-router dragonfly (9 groups of 2 chassis of 4 routers).
-- Under direct routing (SD) the hottest link carries 4.41 MiB; going
-- through a random intermediate group (SI) doubles the mean load (3.83
-- MiB against 2.03 MiB) and the hottest link (7.39 MiB); adaptive
-- routing (AD) picks the least loaded paths: 3.89 MiB. A placement that
-- packs ranks (RDC, linear) pours a job's traffic onto few global links.
return rho.scenario {
  title = "Lesson 6: routing and placement on a dragonfly",
  topology = rho.dragonfly { groups = 9, chassis = 2, routers = 4, nodes = 2, cores = 2 },
  routing = rho.param("routing", "AD"),
  placement = rho.param("placement", "RDN"),
  seed = 3,
  traffic = rho.pattern.umesh { size = "64 KiB" },
  lesson = {
    { text = "A dragonfly: routers in chassis, chassis in groups, every "
          .. "group joined to every other by global links. Each rank "
          .. "sends 64 KiB to 6 to 20 ranks within 30 of its own number "
          .. "(UMesh, Jain's unstructured mesh).",
      focus = "network" },
    { text = "The links, hottest first, under adaptive direct routing (AD): "
          .. "each message takes the least loaded of its minimal paths.",
      focus = "links" },
    { text = "The group matrix: the bytes between every pair of groups.",
      focus = "map" },
    { text = "Press R to try the other routings: SD (static direct), SI "
          .. "(through a random intermediate group), AI and AH.",
      ask = "Which routing gives the coolest hottest link, and what does "
         .. "indirect routing cost?",
      answer = "AD: 3.89 MiB on the hottest link (SD 4.41, AH 4.38, AI "
            .. "5.53, SI 7.39). Indirect routes are about twice as long "
            .. "(6.0 hops against 3.2), so SI nearly doubles the mean "
            .. "load: it pays off only for adversarial traffic." },
    { text = "Adaptive routing allocates bandwidth in rounds.",
      focus = "rounds" },
    { text = "Press P to change the placement: RDN spreads ranks over "
          .. "random nodes, RDC over random chassis, linear packs them in "
          .. "order.",
      focus = "links",
      ask = "What does packing the ranks (linear) do to the hottest link?",
      answer = "It rises from 3.89 to 7.5 MiB: neighbours sit in the same "
            .. "few groups, so their traffic crowds few global links "
            .. "(though the mean falls, as many messages stay local)." },
  },
}
