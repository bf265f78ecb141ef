-- exit: 2
-- stderr: rho: tests/lua/permutation-how-number.lua:4: rho.pattern.permutation: how must be "reverse", "shift", "transpose" or "random", not a number
return rho.scenario { topology = rho.torus { dims = { 4 } }, size = 1000,
  traffic = rho.pattern.permutation { how = 3 } }
