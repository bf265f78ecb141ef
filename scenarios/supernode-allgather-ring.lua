-- Jain Ch. 8, Table 8.4: the ring allgather on the supernode machine (64
-- supernodes x 16 nodes x 16 cores, in-order ranks, one minimal path): 64
-- KiB from every core (n = 1 GiB); link loads summed over the steps.
--   thesis  L1 1080 links, 1 GB; L2 634 links, 1 GB
--   rho     L1 1080 links, 1023.9 MiB; L2 64 links, 1023.9 MiB
--   A ring over in-order ranks crosses from supernode s to s+1 once per s
--   (63 -> 0 closes it): 64 L2 links; "634" is a typo.
-- rho-model(7) compares every column and explains each difference.
return rho.scenario {
  title = "Ring allgather (Jain Table 8.4) on the Ch. 8 supernode machine",
  topology = rho.network "supernode-ch8",
  routing = "SD",
  traffic = rho.pattern.collective { algorithm = "allgather-ring", size = "1 GiB", aggregate = true },
}
