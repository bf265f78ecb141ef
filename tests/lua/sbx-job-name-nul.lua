-- exit: 2
-- stderr: rho: tests/lua/sbx-job-name-nul.lua:5: job 1: name has a control character (byte 0 at 2)
-- A NUL byte in a job's name.
return rho.scenario { topology = rho.torus{ dims = { 4, 4 } }, size = 1,
  jobs = { { traffic = rho.pattern.alltoall{}, ranks = 8, name = "a\0b" } } }
