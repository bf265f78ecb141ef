-- exit: 2
-- stderr: rho: tests/lua/nvlink-unknown.lua:5: topology: nvlink 'g0'-'g9': unknown device 'g9'
return rho.scenario {
  topology = rho.rc('RC', { rho.gpu('g0'), rho.gpu('g1'),
    rho.nvlink('g0', 'g9') }),
  flows = { { 'g0', 'g1', size = '1 MiB' } } }
