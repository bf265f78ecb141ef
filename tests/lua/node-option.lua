-- exit: 2
-- stderr: rho: tests/lua/node-option.lua:4: rho.gpu 'g0': unknown option 'lnk' (expected bandwidth, bus, link, streams)
return rho.scenario {
  topology = rho.rc('RC', { rho.gpu('g0', { lnk = 'Gen4 x16' }), rho.gpu('g1') }), flows = {} }
