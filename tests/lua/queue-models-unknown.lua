-- exit: 2
-- stderr: rho: tests/lua/queue-models-unknown.lua:6: scenario: models: unknown model 'qeue' (the models are pcie, link, queue)
return rho.scenario {
  topology = rho.fattree { k = 4 },
  traffic = rho.pattern.alltoall { size = "1 KiB" },
  models = { "link", "qeue" },
}
