-- exit: 2
-- stderr: rho: tests/lua/sandbox-load.lua:3: 'load' is not available in a scenario (scripts run in a sandbox: no files, no system, no loading code)
local f = load('return 1')
