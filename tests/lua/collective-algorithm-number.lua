-- exit: 2
-- stderr: rho: tests/lua/collective-algorithm-number.lua:5: rho.pattern.collective: algorithm must be a name such as "allgather-ring", not a number
-- (it said "unknown algorithm '(none)'")
return rho.scenario { topology = rho.torus { dims = { 4 } }, size = 1,
  traffic = rho.pattern.collective { algorithm = 5 } }
