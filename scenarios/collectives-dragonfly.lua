-- The two-tier algorithms of Jain Sec. 8.1.2 on another dragonfly than
-- the supernode machine: df-small, 9 groups of 2x4 routers with 2 nodes of
-- 2 cores each (288 ranks). The supernode geometry comes from the network:
-- 9 supernodes of 8 "nodes" (the routers: the global link from group G1 to
-- G2 leaves router G2 mod 8 of G1, the thesis's rule) of 4 cores. Inside a
-- group the routers are not all-to-all (a row and a column hop), so the
-- L1 loads split over L1-row and L1-col. The sweep sets the oblivious
-- algorithms beside the two-tier ones (recursive doubling needs a power of
-- two ranks).
-- golden: --sweep alg=scatter-binomial,scatter-twotier,bcast-degeijn,bcast-twotier,allgather-ring,allgather-twotier,rs-pairwise,rs-twotier,reduce-rabenseifner,reduce-twotier
return rho.scenario {
  title = "Two-tier collectives on a small dragonfly",
  topology = rho.network "df-small",
  routing = "SD",
  gamma = "0.25 ns",
  traffic = rho.pattern.collective {
    algorithm = rho.param("alg", "allgather-twotier"), size = "288 MiB", aggregate = true },
}
