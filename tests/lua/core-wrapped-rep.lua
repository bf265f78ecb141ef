-- exit: 2
-- stderr: rho: tests/lua/core-wrapped-rep.lua:5: resulting string too large
-- The sandbox's string.rep: Lua's errors with the script's line.
local x = 1
local s = string.rep("x", 1 << 40)
