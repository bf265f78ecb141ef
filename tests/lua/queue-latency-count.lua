-- exit: 2
-- stderr: rho: tests/lua/queue-latency-count.lua:9: queue: latency has 2 values for 3 levels (give one for all, or one per level)
return rho.scenario {
  topology = rho.levels {
    { "a", v = 1, capacity = "1 GB/s" },
    { "b", v = 1, capacity = "1 GB/s" },
    { "c", v = 1, capacity = "1 GB/s" },
  },
  queue = { latency = { "1 us", "2 us" } },
}
