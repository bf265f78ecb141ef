-- exit: 2
-- stderr: rho: tests/lua/sbx-flows-node.lua:6: flows must be a list of flows such as { { "0", "2", size = "1 MiB" } }, not a topology node ('K9')
-- A node given as flows (it ran no flow).
return rho.scenario {
  topology = rho.t2(),
  flows = rho.k80("K9", "x", "y"),
}
