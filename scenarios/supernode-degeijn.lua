-- Jain Ch. 8, Table 8.3: the DeGeijn broadcast (binomial scatter of
-- blocks, then a ring allgather, its p-1 identical steps as one) of 1 GiB
-- on the supernode machine: 64 supernodes of 16 nodes with 16 cores each
-- (16,384 ranks), placed in order. The thesis's link-usage column, which
-- rho reproduces exactly: 1,588 L1 links carry 2 MiB to 1040.94 MiB, 95
-- L2 links 32 MiB to 1039.94 MiB.
return rho.scenario {
  title = "DeGeijn broadcast on the Ch. 8 supernode machine",
  topology = rho.network "supernode-ch8",
  routing = "SD",
  traffic = rho.pattern.collective { algorithm = "bcast-degeijn", size = "1 GiB", aggregate = true },
}
