-- Jain Ch. 8, Table 8.3: the two-tier broadcast on the supernode machine (64
-- supernodes x 16 nodes x 16 cores, in-order ranks, one minimal path): 1 GiB
-- from rank 0; link loads summed over the steps.
--   thesis  L1 15360 links, 64 MB .. 128 MB; L2 3937 links, 64 MB .. 64 MB
--   rho     L1 15135 links, 64 MiB .. 128 MiB; L2 1024 links, 64 MiB
--   The six steps as written use 16 + 16 x 63 L2 links and leave the 15
--   out-links of node k idle in the supernode fed by node k of supernode 0.
-- rho-model(7) compares every column and explains each difference.
return rho.scenario {
  title = "Two-tier broadcast (Jain Table 8.3) on the Ch. 8 supernode machine",
  topology = rho.network "supernode-ch8",
  routing = "SD",
  traffic = rho.pattern.collective { algorithm = "bcast-twotier", size = "1 GiB", aggregate = true },
}
