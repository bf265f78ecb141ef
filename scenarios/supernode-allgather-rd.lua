-- Jain Ch. 8, Table 8.4: the recursive doubling allgather on the supernode
-- machine (64 supernodes x 16 nodes x 16 cores, in-order ranks, one minimal
-- path): 64 KiB from every core (n = 1 GiB); link loads summed over the
-- steps.
--   thesis  L1 10496 links, 16 MB .. 15.1 GB; L2 384 links, 4.2 GB .. 4.3 GB
--   rho     L1 10368 links, 16 MiB .. 14464 MiB (15.17e9 B); L2 384 links,
--           4 GiB (4.29e9 B) .. 128 GiB
--   The last step sends 512 MiB from each of a supernode's 256 ranks over
--   one L2 link: 128 GiB; the thesis's L1 max already includes that step.
-- rho-model(7) compares every column and explains each difference.
return rho.scenario {
  title = "Recursive doubling allgather (Jain Table 8.4) on the Ch. 8 supernode machine",
  topology = rho.network "supernode-ch8",
  routing = "SD",
  traffic = rho.pattern.collective { algorithm = "allgather-rd", size = "1 GiB", aggregate = true },
}
