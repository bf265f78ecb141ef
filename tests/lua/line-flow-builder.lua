-- exit: 2
-- stderr: rho: tests/lua/line-flow-builder.lua:7: flow 2: unknown device '8'
-- Flows made in a loop by rho.flow keep the line of its call.
local flows = {}
for i = 7, 9 do
  flows[#flows + 1] =
    rho.flow("0", tostring(i), { size = "1 MiB" })
end
return rho.scenario {
  topology = rho.t2(),
  flows = flows,
}
