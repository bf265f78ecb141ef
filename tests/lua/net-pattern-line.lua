-- exit: 2
-- stderr: rho: tests/lua/net-pattern-line.lua:6: rho.pattern.collective: unknown algorithm 'bcast-fast' (known: scatter-binomial, gather-binomial, bcast-binomial, bcast-degeijn, allgather-ring, allgather-rd, rs-pairwise, reduce-rabenseifner, allreduce-ring, scatter-twotier, gather-twotier, bcast-twotier, allgather-twotier, rs-twotier, reduce-twotier)
return rho.scenario {
  topology = rho.network "df-small",
  traffic =
    rho.pattern.collective { algorithm = "bcast-fast", size = "1 MiB" },
}
