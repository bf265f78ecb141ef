-- exit: 2
-- stderr: rho: tests/lua/line-net-job.lua:9: job 2: ranks must be between 1 and 2147483647, got 0
-- A job's bad field on a network: at the field's line.
return rho.scenario {
  topology = rho.torus { dims = { 4, 4 } },
  jobs = {
    { traffic = rho.pattern.alltoall { size = "1 KiB" }, ranks = 8 },
    { traffic = rho.pattern.alltoall { size = "1 KiB" },
      ranks = 0 },
  },
}
