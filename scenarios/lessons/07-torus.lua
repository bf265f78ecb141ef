-- golden: --sweep placement=ABCDET,TABCDE,RDN
-- Lesson 7: mapping ranks onto a torus, seen on minimaps (Blue Gene/Q;
-- Jain's thesis, Ch. 4, after Boxfish's projections).
--
-- UMesh on a 512-node BG/Q partition (4x4x4x4x2, dimension-order
-- routing). Mapping the ranks in the order ABCDET keeps ranks close in
-- number, UMesh's partners, near each other: the hottest link carries
-- 72.5 MiB. TABCDE puts
-- consecutive ranks on the same node's cores first (101.5 MiB), and a
-- random node order (RDN) 194.5 MiB.
return rho.scenario {
  title = "Lesson 7: mapping onto a torus",
  topology = rho.network "bgq-512",
  routing = "DOR",
  placement = rho.param("placement", "ABCDET"),
  seed = 1,
  traffic = rho.pattern.umesh { size = "512 KiB" },
  lesson = {
    { text = "A Blue Gene/Q partition: a 5D torus of 4x4x4x4x2 nodes (the "
          .. "E link doubled). Every rank sends 512 KiB to 6 to 20 ranks "
          .. "within 30 of its own number (UMesh, an unstructured mesh); "
          .. "messages go dimension by dimension (DOR).",
      focus = "network" },
    { text = "A minimap projects the torus onto two of its dimensions: "
          .. "each cell the load of the links of one pair of coordinates, "
          .. "over all the others. x and y choose the dimensions, D the "
          .. "direction, v one plane.",
      focus = "map" },
    { text = "The mapping ABCDET numbers ranks along A first, then B, ..., "
          .. "the cores (T) last.",
      ask = "Why does this mapping suit UMesh?",
      answer = "Ranks close in number land on the same node or on torus "
            .. "neighbours: messages take 1.17 hops on average and the "
            .. "hottest link carries 72.5 MiB." },
    { text = "Press P to try other mappings.",
      focus = "classes",
      ask = "TABCDE fills a node's cores first; RDN takes nodes at random. "
         .. "What do they do to the hottest link?",
      answer = "TABCDE 101.5 MiB (3.2 hops on average), RDN 194.5 MiB (3.4 "
            .. "hops): a mapping that ignores the torus makes messages "
            .. "long, and long messages share links." },
  },
}
