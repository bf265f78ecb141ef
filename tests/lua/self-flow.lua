-- exit: 2
-- stderr: rho: tests/lua/self-flow.lua:3: flow 1: '3' sends to itself
return rho.scenario { topology = rho.t2(), flows = { { '3', '3', size = 1 } } }
