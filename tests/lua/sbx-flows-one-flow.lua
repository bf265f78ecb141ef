-- exit: 2
-- stderr: rho: tests/lua/sbx-flows-one-flow.lua:6: flows is a list of flows: { { src = ..., ... } }, not one flow (it has src =; write flows = { { ... } })
-- One flow not put in a list (it ran no flow).
return rho.scenario {
  topology = rho.t2(),
  flows = { src = "0", dst = "2", size = "1 MiB" },
}
