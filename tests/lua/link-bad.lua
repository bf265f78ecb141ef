-- exit: 2
-- stderr: rho: tests/lua/link-bad.lua:5: topology: 'g0': link '16 GT/s x3': widths are x1, x2, x4, x8, x12, x16 and x32
return rho.scenario {
  topology = rho.rc('RC', {
    rho.gpu('g0', { link = '16 GT/s x3' }), rho.gpu('g1') }),
  flows = { { 'g0', 'g1', size = '1 MiB' } } }
