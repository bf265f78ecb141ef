-- Jain Ch. 8, Table 8.4: the two-tier allgather on the supernode machine (64
-- supernodes x 16 nodes x 16 cores, in-order ranks, one minimal path): 64
-- KiB from every core (n = 1 GiB); link loads summed over the steps.
--   thesis  L1 15360 links, 65 MB .. 65 MB; L2 4032 links, 16 MB
--   rho     L1 15360 links, 49 MiB .. 65 MiB; L2 4032 links, 16 MiB
--   Node S mod 16 of supernode S relays 3 supernodes' data, not 4: 49 MiB.
-- rho-model(7) compares every column and explains each difference.
return rho.scenario {
  title = "Two-tier allgather (Jain Table 8.4) on the Ch. 8 supernode machine",
  topology = rho.network "supernode-ch8",
  routing = "SD",
  traffic = rho.pattern.collective { algorithm = "allgather-twotier", size = "1 GiB", aggregate = true },
}
