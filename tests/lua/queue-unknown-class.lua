-- args: -m queue
-- exit: 2
-- stderr: rho: tests/lua/queue-unknown-class.lua:7: queue: levels: level 'global': the network has no class 'L3' (it has 'L1-row', 'L1-col', 'L2')
return rho.scenario {
  topology = rho.network "df-small",
  traffic = rho.pattern.alltoall { size = "1 KiB" },
  queue = { levels = { { "local", "L1-row", "L1-col" }, { "global", "L3" } } },
}
