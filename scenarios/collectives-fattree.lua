-- Jain Ch. 8's topology-oblivious collectives on a radix-16 three-level
-- fat-tree (512 nodes, one rank each, the bytes split evenly over the
-- up-ports: ECMP). The sweep compares them with the torus's
-- (collectives-torus.lua): the same patterns and sizes.
-- golden: --sweep alg=scatter-binomial,bcast-degeijn,allgather-ring,allgather-rd,rs-pairwise,reduce-rabenseifner
return rho.scenario {
  title = "Collectives on a radix-16 fat-tree",
  topology = rho.network "fattree-k16",
  routing = "SD",
  gamma = "0.25 ns",
  traffic = rho.pattern.collective {
    algorithm = rho.param("alg", "allgather-ring"), size = "512 MiB", aggregate = true },
}
