-- exit: 2
-- stderr: rho: tests/lua/models-none.lua: models = { "pcie" }: no such model for this scenario (it has: link, queue)
-- it blamed an option not given: "-m : no such model"
return rho.scenario { topology = rho.torus{ dims = {4, 4} },
  traffic = rho.pattern.alltoall{}, size = "1 KiB", models = { "pcie" } }
