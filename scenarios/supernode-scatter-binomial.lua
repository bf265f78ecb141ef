-- Jain Ch. 8, Table 8.3: the binomial scatter on the supernode machine (64
-- supernodes x 16 nodes x 16 cores, in-order ranks, one minimal path): the
-- root sends 64 KiB to each of the 16,384 cores (n = 1 GiB); link loads
-- summed over the steps.
--   thesis  L1 1036 links, 1 MB .. 141 MB; L2 56 links, 16.7 MB .. 520 MB
--   rho     L1 1048 links, 1 MiB .. 136 MiB; L2 63 links, 16 MiB .. 512 MiB
--   Each of the 63 other supernodes gets its 16 MiB over an L2 link into it,
--   so 56 L2 links cannot carry a full scatter; this scatter is the first
--   half of the DeGeijn column, which rho reproduces exactly.
-- rho-model(7) compares every column and explains each difference.
return rho.scenario {
  title = "Binomial scatter (Jain Table 8.3) on the Ch. 8 supernode machine",
  topology = rho.network "supernode-ch8",
  routing = "SD",
  traffic = rho.pattern.collective { algorithm = "scatter-binomial", size = "1 GiB", aggregate = true },
}
