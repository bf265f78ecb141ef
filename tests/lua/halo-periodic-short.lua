-- exit: 2
-- stderr: rho: tests/lua/halo-periodic-short.lua:4: rho.halo: periodic must have one boolean per dimension (2), got 1
return rho.scenario { topology = rho.torus { dims = { 4, 4 } },
  flows = rho.halo { dims = { 4, 4 }, size = 100, periodic = { true } } }
