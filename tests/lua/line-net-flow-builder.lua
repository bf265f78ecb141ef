-- exit: 2
-- stderr: rho: tests/lua/line-net-flow-builder.lua:7: flow 2: destination rank 20 is outside 0 to 15
-- A network flow made in a loop by rho.flow keeps the line of its call.
local flows = {}
for i = 1, 3 do
  flows[#flows + 1] =
    rho.flow(0, i * 10, { size = "1 MiB" })
end
return rho.scenario {
  topology = rho.torus { dims = { 4, 4 } },
  flows = flows,
}
