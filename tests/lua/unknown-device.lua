-- exit: 2
-- stderr: rho: tests/lua/unknown-device.lua:4: flow 2: unknown device '9'
return rho.scenario { topology = rho.t2(), size = '1 MiB',
  flows = { { '0', '1' }, { '0', '9' } } }
