-- Jain Ch. 8, Table 8.5: the Rabenseifner reduce on the supernode machine
-- (64 supernodes x 16 nodes x 16 cores, in-order ranks, one minimal path): 1
-- GiB reduced to rank 0; link loads summed over the steps.
--   thesis  L1 15360 links, 2 GB .. 3 GB; L2 4032 links, 4 GB .. 5 GB
--   rho     L1 15360 links, 1808 MiB .. 2128 MiB; L2 4032 links, 4096 MiB
--           .. 4608 MiB (4.83e9 B)
--   The gather of 64 KiB blocks adds at most 136 MiB to an L1 link on top
--   of the reduce-scatter's 2064 MiB, far from 3 GB.
-- rho-model(7) compares every column and explains each difference.
-- gamma: an assumed 4 GB/s reduction per core (the thesis gives none).
return rho.scenario {
  title = "Rabenseifner reduce (Jain Table 8.5) on the Ch. 8 supernode machine",
  topology = rho.network "supernode-ch8",
  routing = "SD",
  gamma = rho.param("gamma", "0.25 ns"),
  traffic = rho.pattern.collective { algorithm = "reduce-rabenseifner", size = "1 GiB", aggregate = true },
}
