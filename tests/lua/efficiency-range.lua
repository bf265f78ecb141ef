-- exit: 2
-- stderr: rho: tests/lua/efficiency-range.lua:4: scenario: efficiency must be > 0 and <= 1, got 1.5
return rho.scenario {
  efficiency = 1.5, topology = rho.rc('RC', { rho.gpu('g0', { link = 'Gen4 x16' }) }), flows = {} }
