-- exit: 2
-- stderr: rho: tests/lua/sbx-flows-torus-one-flow.lua:6: flows is a list of flows: { { src = ..., ... } }, not one flow (it has src =; write flows = { { ... } })
-- The same on a network.
return rho.scenario {
  topology = rho.torus{ dims = { 4, 4 } },
  flows = { src = 0, dst = 2, size = "1 MiB" },
}
