-- exit: 2
-- stderr: rho: tests/lua/sandbox-require.lua:3: 'require' is not available in a scenario (scripts run in a sandbox: no files, no system, no loading code)
local x = require('os')
