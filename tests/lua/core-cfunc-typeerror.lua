-- exit: 2
-- stderr: rho: tests/lua/core-cfunc-typeerror.lua:7: attempt to index a number value
-- A value misused inside a C function (Lua's message has no place
-- there): the line of the script's call.
local x = 1
local t = setmetatable({}, { __index = 5 })
local s = table.concat(t, ",", 1, 2)
