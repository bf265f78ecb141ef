-- exit: 2
-- stderr: rho: tests/lua/no-return.lua: the script must return rho.scenario{...}, not a nil value
local x = 1
