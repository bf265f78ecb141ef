-- exit: 2
-- stderr: rho: tests/lua/halo-periodic-string.lua:5: rho.halo: periodic must be true, false or a list of them, got "yes"
-- ("yes" was read as false)
return rho.scenario { topology = rho.torus { dims = { 4 } },
  flows = rho.halo { dims = { 4 }, size = 100, periodic = "yes" } }
