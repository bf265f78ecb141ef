-- args: --lua-time 0.3 --lua-instructions 100000000000
-- exit: 2
-- stderr: rho: tests/lua/hang-gc-alloc.lua:6: __gc metamethods are not available in a scenario (finalizers run outside the budgets)
-- a finalizer that allocates for ever
local keep = {}
setmetatable({}, { __gc = function() while true do keep[#keep + 1] = {} end end })
