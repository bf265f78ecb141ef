-- exit: 2
-- stderr: rho: tests/lua/line-net-paths.lua:7: scenario: paths must be "minimal" or "all"
-- A network's paths: at its line.
return rho.scenario {
  topology = rho.torus { dims = { 4, 4 } },
  traffic = rho.pattern.alltoall { size = "1 KiB" },
  paths = "some",
}
