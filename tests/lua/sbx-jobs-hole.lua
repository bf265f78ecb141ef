-- exit: 2
-- stderr: rho: tests/lua/sbx-jobs-hole.lua:6: jobs: item 2 is missing (nil) before item 3: a list has no holes
-- A hole in the jobs (the jobs after it were dropped).
return rho.scenario {
  topology = rho.torus{ dims = { 4, 4 } }, size = 1,
  jobs = { { traffic = rho.pattern.alltoall{}, ranks = 8 }, [3] = { traffic = rho.pattern.alltoall{}, ranks = 8 } },
}
