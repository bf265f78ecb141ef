-- exit: 2
-- stderr: rho: tests/lua/line-local-flows.lua:6: flow 2: unknown device '9'
-- A list of flows made once as a local: the line of the flow.
local flows = {
  { "0", "1", size = "1 MiB" },
  { "0", "9", size = "1 MiB" },
}
return rho.scenario {
  topology = rho.t2(),
  flows = flows,
}
