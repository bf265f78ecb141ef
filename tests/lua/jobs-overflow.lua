-- exit: 2
-- stderr: rho: tests/lua/jobs-overflow.lua:4: scenario: the jobs need 4294967312 ranks, the network has 16
-- (the sum wrapped around an int and passed the check)
return rho.scenario { topology = rho.torus { dims = { 4, 4 } }, size = 1024, jobs = {
  { traffic = rho.pattern.permutation { how = "shift" }, ranks = 0x7fffffff },
  { traffic = rho.pattern.permutation { how = "shift" }, ranks = 0x7fffffff },
  { traffic = rho.pattern.permutation { how = "shift" }, ranks = 18 } } }
