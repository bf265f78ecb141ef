-- exit: 2
-- stderr: rho: tests/lua/net-flow-step.lua:6: flow 2: step must be a phase number (0, 1, ...), not 1.5
-- (1.5 became step 0, 2^32 + 2 step 2, without a word)
return rho.scenario { topology = rho.torus { dims = { 4 } }, size = 1000, flows = {
  { 0, 1 },
  { 1, 2, step = 1.5 } } }
