-- exit: 2
-- stderr: rho: tests/lua/queue-levels-capacity.lua:4: rho.levels: level 'L1': give its capacity (capacity = "10 GB/s", all its links together) or links and bandwidth (one link's), not both
return rho.scenario {
  topology = rho.levels {
    { "L1", v = 1, capacity = "1 GB/s", links = 2, bandwidth = "1 GB/s" },
  },
}
