-- exit: 2
-- stderr: rho: tests/lua/queue-bad-slim.lua:6: queue: slim must be a number from 0 to less than 1 (0.25: each level a quarter below the one before)
return rho.scenario {
  topology = rho.fattree { k = 4 },
  traffic = rho.pattern.alltoall { size = "1 KiB" },
  queue = { slim = 1 },
}
