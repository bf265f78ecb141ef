-- Jain Ch. 8's topology-oblivious collectives on an 8x8x8 torus (512
-- ranks, one per router, dimension-order routing), 512 MiB each: the same
-- patterns as on the supernode machine, routed on another network. The
-- sweep compares them; rho.param "alg" picks the one printed in full.
-- No two messages of the ring allgather share a link here, so its busiest
-- link carries one message, (p-1)/p n = 511 MiB, and the link estimate is
-- Table 8.1's cost exactly.
-- golden: --sweep alg=scatter-binomial,bcast-degeijn,allgather-ring,allgather-rd,rs-pairwise,reduce-rabenseifner
return rho.scenario {
  title = "Collectives on an 8x8x8 torus",
  topology = rho.network "torus-8x8x8",
  gamma = "0.25 ns",
  traffic = rho.pattern.collective {
    algorithm = rho.param("alg", "allgather-ring"), size = "512 MiB", aggregate = true },
}
