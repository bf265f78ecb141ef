-- exit: 2
-- stderr: rho: tests/lua/machine-child.lua:4: topology: 'g0': a machine holds root complexes (one per socket), not a device
return rho.scenario {
  topology = rho.machine('m', { rho.rc('CPU0', { rho.gpu('g1') }), rho.gpu('g0') }), flows = {} }
