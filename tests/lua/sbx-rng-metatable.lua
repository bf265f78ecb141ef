-- exit: 2
-- stderr: rho: tests/lua/sbx-rng-metatable.lua:5: attempt to index a string value (local 'mt')
-- rho.rng's metatable is hidden: no finalizer outside the budgets.
local mt = getmetatable(rho.rng(1))
mt.__gc = function() end
return rho.scenario { topology = rho.t2() }
