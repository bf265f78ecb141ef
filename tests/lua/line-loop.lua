-- exit: 2
-- stderr: rho: tests/lua/line-loop.lua:8: flow 2: unknown device '8'
-- Flows made by a loop have no line of their own: the call's line.
local flows = {}
for i = 7, 9 do
  flows[#flows + 1] = { "0", tostring(i), size = "1 MiB" }
end
return rho.scenario {
  topology = rho.t2(),
  flows = flows,
}
