-- exit: 2
-- stderr: rho: tests/lua/sandbox-os.lua:3: 'os' is not available in a scenario (scripts run in a sandbox: no files, no system, no loading code)
os.execute('touch /tmp/rho-pwned')
