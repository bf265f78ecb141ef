-- exit: 2
-- stderr: rho: tests/lua/queue-levels-no-v.lua:4: rho.levels: give every level's v (visits per byte), or the routing probabilities p0 and P
return rho.scenario {
  topology = rho.levels {
    { "L1", v = 1, capacity = "1 GB/s" },
    { "L2", capacity = "1 GB/s" },
  },
}
