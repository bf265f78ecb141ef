-- exit: 2
-- stderr: rho: tests/lua/via-direct.lua:5: flow 1: no direct link or switch fabric joins 'g0' and 'g1' (via = "direct")
return rho.scenario {
  topology = rho.rc('RC', { rho.gpu('g0'), rho.gpu('g1') }),
  flows = { { 'g0', 'g1', size = '1 MiB', via = 'direct' } } }
