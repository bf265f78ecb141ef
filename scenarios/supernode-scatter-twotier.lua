-- Jain Ch. 8, Table 8.3: the two-tier scatter on the supernode machine (64
-- supernodes x 16 nodes x 16 cores, in-order ranks, one minimal path): the
-- root sends 64 KiB to each core (n = 1 GiB); link loads summed over the
-- steps.
--   thesis  L1 960 links, 1 MB .. 64 MB; L2 63 links, 1 MB .. 16 MB
--   rho     L1 960 links, 1 MiB .. 65 MiB; L2 63 links, 16 MiB .. 16 MiB
--   65 = step 1's four supernodes of 16 MiB + step 3's 1 MiB on the same
--   link; every used L2 link carries one supernode's 16 MiB.
-- rho-model(7) compares every column and explains each difference.
return rho.scenario {
  title = "Two-tier scatter (Jain Table 8.3) on the Ch. 8 supernode machine",
  topology = rho.network "supernode-ch8",
  routing = "SD",
  traffic = rho.pattern.collective { algorithm = "scatter-twotier", size = "1 GiB", aggregate = true },
}
