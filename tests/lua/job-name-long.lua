-- exit: 2
-- stderr: rho: tests/lua/job-name-long.lua:5: job 1: name must be 1 to 47 bytes, got 50
-- (names were cut at 47 bytes, mid-character, and two jobs printed alike)
return rho.scenario { topology = rho.torus { dims = { 4 } }, size = 1000, jobs = {
  { traffic = rho.pattern.alltoall {}, ranks = 2, name = string.rep("a", 46) .. "\195\169\195\169" },
  { traffic = rho.pattern.alltoall {}, ranks = 2, name = string.rep("a", 46) .. "\195\169b" } } }
