-- exit: 2
-- stderr: rho: tests/lua/core-wrapped-insert.lua:6: wrong number of arguments to 'insert'
-- The sandbox's table.insert: Lua's errors with the script's line (the
-- wrapper called Lua's own from C, whose errors named no line).
local x = 1
table.insert({}, 1, 2, 3)
