-- Jain Ch. 8, Table 8.5: the two-tier reduce on the supernode machine (64
-- supernodes x 16 nodes x 16 cores, in-order ranks, one minimal path): 1 GiB
-- reduced to rank 0; link loads summed over the steps.
--   thesis  L1 15360 links, 66 MB .. 130 MB; L2 4032 links, 16 MB .. 32 MB
--   rho     L1 15360 links, 65 MiB .. 130 MiB; L2 4032 links, 16 MiB .. 32 MiB
--   Only the links into node 0 of a supernode (its gateway to supernode
--   0) carry the owners' final 1 MiB: 66 MiB; the others 65.
-- rho-model(7) compares every column and explains each difference.
-- gamma: an assumed 4 GB/s reduction per core (the thesis gives none).
return rho.scenario {
  title = "Two-tier reduce (Jain Table 8.5) on the Ch. 8 supernode machine",
  topology = rho.network "supernode-ch8",
  routing = "SD",
  gamma = rho.param("gamma", "0.25 ns"),
  traffic = rho.pattern.collective { algorithm = "reduce-twotier", size = "1 GiB", aggregate = true },
}
