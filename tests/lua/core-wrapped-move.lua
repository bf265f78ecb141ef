-- exit: 2
-- stderr: rho: tests/lua/core-wrapped-move.lua:5: bad argument #5 to 'move' (table expected, got number)
-- The sandbox's table.move: the line and the function's name.
local x = 1
table.move({ 1, 2 }, 1, 2, 3, 5)
