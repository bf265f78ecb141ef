-- exit: 2
-- stderr: rho: tests/lua/dup-node.lua:6: topology: duplicate name 'g0' (first declared at line 5)
return rho.scenario {
  topology = rho.rc('RC', {
    rho.gpu('g0'),
    rho.gpu('g0'),
  }), flows = {} }
