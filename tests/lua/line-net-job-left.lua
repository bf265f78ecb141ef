-- exit: 2
-- stderr: rho: tests/lua/line-net-job-left.lua:8: job 2: only one job may take the ranks that are left (give ranks = N)
-- Two jobs that take what is left: at the second one.
return rho.scenario {
  topology = rho.torus { dims = { 4, 4 } },
  jobs = {
    { traffic = rho.pattern.alltoall { size = "1 KiB" } },
    { traffic = rho.pattern.alltoall { size = "1 KiB" } },
  },
}
