-- exit: 2
-- stderr: rho: tests/lua/net-flow-field.lua:5: flow 2: unknown field 'stpe' (did you mean 'step'?)
-- a network flow's fields are checked as a PCIe flow's are (any went)
return rho.scenario { topology = rho.torus { dims = { 4 } }, size = 1000, flows = {
  { 0, 1 }, { 1, 2, stpe = 2 } } }
