-- exit: 2
-- stderr: rho: tests/lua/no-size.lua:3: flow 1: no size (give size = "1 MiB" in the flow or in the scenario)
return rho.scenario { topology = rho.t2(), flows = { { '3', '1' } } }
