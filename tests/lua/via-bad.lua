-- exit: 2
-- stderr: rho: tests/lua/via-bad.lua:4: flow 1: via must be "auto", "pcie" or "direct", not 'nvlink'
return rho.scenario {
  topology = rho.rc('RC', { rho.gpu('g0'), rho.gpu('g1') }), flows = { { 'g0', 'g1', size = '1 MiB', via = 'nvlink' } } }
