-- exit: 2
-- stderr: rho: tests/lua/sandbox-strmeta.lua:4: attempt to call a nil value (field 'dump')
local s = getmetatable('').__index
local b = s.dump(print)
