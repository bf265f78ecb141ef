-- Jain Ch. 8, Table 8.5: the pairwise reduce-scatter on the supernode
-- machine (64 supernodes x 16 nodes x 16 cores, in-order ranks, one minimal
-- path): 1 GiB reduced, 64 KiB of result per core; link loads summed over
-- the steps.
--   thesis  L1 15360 links, 2 GB .. 2 GB; L2 4032 links, 4 GB .. 4 GB
--   rho     L1 15360 links, 1808 MiB .. 2064 MiB; L2 4032 links, 4 GiB
--   The same at the thesis's one-digit rounding. (268 million messages,
--   in 0.3 s: a step is two runs of consecutive ranks, routed a stretch of
--   16 cores between two nodes at once.)
-- rho-model(7) compares every column and explains each difference.
-- gamma: an assumed 4 GB/s reduction per core (the thesis gives none).
return rho.scenario {
  title = "Pairwise reduce-scatter (Jain Table 8.5) on the Ch. 8 supernode machine",
  topology = rho.network "supernode-ch8",
  routing = "SD",
  gamma = rho.param("gamma", "0.25 ns"),
  traffic = rho.pattern.collective { algorithm = "rs-pairwise", size = "1 GiB", aggregate = true },
}
