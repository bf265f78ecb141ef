-- exit: 2
-- stderr: rho: tests/lua/queue-levels-group.lua:5: queue: levels group a network's links; given levels (rho.levels) are already levels
return rho.scenario {
  topology = rho.levels { { "L1", v = 1, capacity = "1 GB/s" } },
  queue = { levels = "all" },
}
