-- exit: 2
-- stderr: rho: tests/lua/net-phases-bad.lua:6: scenario: traffic must be a pattern such as rho.pattern.umesh{}, or a list of them (phases)
-- A list of phases holds patterns only.
return rho.scenario {
  topology = rho.torus { dims = { 4, 4 } },
  traffic = { rho.pattern.alltoall { size = "1 KiB" }, 7 },
}
