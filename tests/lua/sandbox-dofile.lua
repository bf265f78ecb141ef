-- exit: 2
-- stderr: rho: tests/lua/sandbox-dofile.lua:3: 'dofile' is not available in a scenario (scripts run in a sandbox: no files, no system, no loading code)
dofile('/etc/passwd')
