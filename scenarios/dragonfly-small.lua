-- A dragonfly small enough to read link by link: 9 groups of 2x4
-- routers, 2 nodes per router, 2 ranks per node (144 nodes, 288
-- ranks). UMesh with random-node placement; the routing is a parameter,
-- so
--   rho --sweep routing=SD,SI,AD,AI,AH scenarios/dragonfly-small.lua
-- compares them: indirect routing (SI, AI, AH) roughly doubles the hops
-- and raises the average link load, and the adaptive ones lower the
-- maximum against their static twins. (On the thesis's full system SI
-- also lowers the maximum against SD; on 72 routers it does not.)
-- golden: --sweep routing=SD,SI,AD,AI,AH
return rho.scenario {
  title = "UMesh on a small dragonfly",
  topology = rho.dragonfly { groups = 9, chassis = 2, routers = 4, nodes = 2, cores = 2 },
  routing = rho.param("routing", "AD"),
  placement = rho.param("placement", "RDN"),
  seed = 3,
  traffic = rho.pattern.umesh { size = "64 KiB" },
}
