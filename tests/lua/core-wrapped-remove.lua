-- exit: 2
-- stderr: rho: tests/lua/core-wrapped-remove.lua:5: bad argument #2 to 'remove' (position out of bounds)
-- The sandbox's table.remove: the line and the function's name.
local x = 1
table.remove({}, 7)
