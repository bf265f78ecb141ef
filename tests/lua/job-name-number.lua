-- exit: 2
-- stderr: rho: tests/lua/job-name-number.lua:4: job 1: name must be a string, not a number
return rho.scenario { topology = rho.torus { dims = { 4 } }, size = 1000, jobs = {
  { traffic = rho.pattern.alltoall {}, ranks = 2, name = 5 } } }
