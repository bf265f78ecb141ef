-- exit: 2
-- stderr: rho: tests/lua/prototype-nodes.lua:3: rho.prototype: prototype: 1 nodes (2 to 100,000,000)
return rho.scenario { topology = rho.prototype { family = "torus", nodes = 1 }, size = 1,
  traffic = rho.pattern.alltoall {} }
