-- args: --lua-time 0.3 --lua-instructions 100000000000
-- exit: 2
-- stderr: rho: tests/lua/hang-gc-loop.lua:5: __gc metamethods are not available in a scenario (finalizers run outside the budgets)
-- a finalizer that loops (finalizers run with hooks off, and in lua_close)
setmetatable({}, { __gc = function() while true do end end })
