-- exit: 2
-- stderr: rho: tests/lua/pattern-ranks-job.lua:6: job 2: the pattern is for 9 ranks, and the job has 5
return rho.scenario {
  topology = rho.mesh { dims = { 3, 3 } }, size = "1 KiB",
  jobs = { { traffic = rho.pattern.umesh {}, ranks = 4 },
           { traffic = rho.pattern.stencil { dims = { 3, 3 } }, ranks = 5 } },
}
