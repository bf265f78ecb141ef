-- exit: 2
-- stderr: rho: tests/lua/sbx-queue-latency-count.lua:7: queue: latency has 3 values for the network's 2 levels (give one for all, or one per level)
-- One latency per level: counted at rho.scenario, at its line.
return rho.scenario {
  topology = rho.torus{ dims = { 4, 4 } }, size = "1 KiB",
  traffic = rho.pattern.alltoall{},
  queue = { latency = { "1 ns", "2 ns", "3 ns" } },
}
