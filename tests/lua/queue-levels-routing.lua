-- exit: 2
-- stderr: rho: tests/lua/queue-levels-routing.lua:4: rho.levels: level L1: its routing probabilities sum to 1.2, more than 1
return rho.scenario {
  topology = rho.levels {
    { "L1", capacity = "10 GB/s" },
    { "L2", capacity = "4 GB/s" },
    p0 = { 1, 0 },
    P = { { 0.6, 0.6 }, { 0, 0 } },
  },
}
