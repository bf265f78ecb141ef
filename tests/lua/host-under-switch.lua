-- exit: 2
-- stderr: rho: tests/lua/host-under-switch.lua:4: topology: 'mem0': host memory belongs to a root complex, not to switch 'S'
return rho.scenario {
  topology = rho.rc('RC', { rho.switch('S', { rho.host('mem0'), rho.gpu('g0') }) }), flows = {} }
