-- exit: 2
-- stderr: rho: tests/lua/core-cstack-line.lua:6: C stack overflow
-- A __tostring that calls tostring on itself: Lua's message comes
-- without a place; the line is the innermost of the script's.
local x = 1
local t = setmetatable({}, { __tostring = function(self) return tostring(self) end })
local s = tostring(t)
