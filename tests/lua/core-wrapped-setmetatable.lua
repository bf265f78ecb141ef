-- exit: 2
-- stderr: rho: tests/lua/core-wrapped-setmetatable.lua:5: bad argument #2 to 'setmetatable' (nil or table expected, got number)
-- The sandbox's setmetatable: Lua's errors with the script's line.
local x = 1
setmetatable({}, 5)
