-- exit: 2
-- stderr: rho: tests/lua/net-flow-range.lua:5: flow 2: destination rank 16 is outside 0 to 15
return rho.scenario {
  topology = rho.torus { dims = { 4, 4 } },
  flows = { { 0, 5, size = "1 MiB" }, { 3, 16, size = "1 MiB" } },
}
