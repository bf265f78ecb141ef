-- exit: 2
-- stderr: rho: tests/lua/to-switch.lua:3: flow 1: 'SA' is a switch, not a device
return rho.scenario { topology = rho.t2(), flows = { { '3', 'SA', size = 1 } } }
