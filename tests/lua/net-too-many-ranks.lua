-- exit: 2
-- stderr: rho: tests/lua/net-too-many-ranks.lua:5: scenario: the jobs need 40 ranks, the network has 16
return rho.scenario {
  topology = rho.torus { dims = { 4, 4 } },
  jobs = { { traffic = rho.pattern.alltoall { size = "1 KiB" }, ranks = 40 } },
}
