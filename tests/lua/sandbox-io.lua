-- exit: 2
-- stderr: rho: tests/lua/sandbox-io.lua:3: 'io' is not available in a scenario (scripts run in a sandbox: no files, no system, no loading code)
local f = io.open('/etc/passwd')
