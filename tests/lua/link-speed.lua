-- exit: 2
-- stderr: rho: tests/lua/link-speed.lua:5: topology: 'g0': link '12 GT/s x16': a PCIe lane runs at 2.5, 5, 8, 16, 32 or 64 GT/s
return rho.scenario {
  topology = rho.rc('RC', {
    rho.gpu('g0', { link = '12 GT/s x16' }), rho.gpu('g1') }),
  flows = { { 'g0', 'g1', size = '1 MiB' } } }
