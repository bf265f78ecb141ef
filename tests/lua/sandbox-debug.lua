-- exit: 2
-- stderr: rho: tests/lua/sandbox-debug.lua:3: 'debug' is not available in a scenario (scripts run in a sandbox: no files, no system, no loading code)
debug.sethook()
