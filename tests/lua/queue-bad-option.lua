-- exit: 2
-- stderr: rho: tests/lua/queue-bad-option.lua:6: queue: unknown field 'slimm' (did you mean 'slim'?)
return rho.scenario {
  topology = rho.fattree { k = 4 },
  traffic = rho.pattern.alltoall { size = "1 KiB" },
  queue = { slimm = 0.5 },
}
