-- exit: 2
-- stderr: rho: tests/lua/stream-bad.lua:4: flow 1: stream must be an integer from 0 to 1000000
return rho.scenario {
  topology = rho.rc('RC', { rho.gpu('g0'), rho.gpu('g1') }), flows = { { 'g0', 'g1', size = '1 MiB', stream = -1 } } }
