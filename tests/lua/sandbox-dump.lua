-- exit: 2
-- stderr: rho: tests/lua/sandbox-dump.lua:3: attempt to call a nil value (field 'dump')
local b = string.dump(function() end)
