-- A chain of switches 64 deep loads (the Lua stack grows as the tree is
-- read); 70 levels are refused at the line that built them. Once a heap
-- overflow in add_node (part 11).
-- exit: 2
-- stderr: rho: tests/lua/deep-switch-chain.lua:13: topology: deeper than 64 levels
local function chain(depth)
  local n = rho.gpu("g0")
  for i = 1, depth do n = rho.switch("s" .. i, { n }) end
  return n
end
local ok = rho.scenario { topology = rho.rc("rc", { chain(63) }) }
assert(ok)
local n = rho.gpu("g1"); for i = 1, 70 do n = rho.switch("t" .. i, { n }) end
return rho.scenario { topology = rho.rc("rc", { n }) }
