-- exit: 2
-- stderr: rho: tests/lua/queue-bad-levels.lua:6: queue: levels: level 'local' is given twice
return rho.scenario {
  topology = rho.network "df-small",
  traffic = rho.pattern.alltoall { size = "1 KiB" },
  queue = { levels = { { "local", "L1-row" }, { "local", "L1-col" } } },
}
