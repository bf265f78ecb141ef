-- Flows made by a loop: the list is written out when a flow changes.
-- edits: del 2
-- note: flows (made by code)
local flows = {}
for i = 1, 3 do
  flows[#flows + 1] = { "0", tostring(i), size = "1 MiB" }
end
return rho.scenario {
  topology = rho.t2(),
  flows = flows,
}
