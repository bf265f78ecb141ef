-- exit: 2
-- stderr: rho: tests/lua/sbx-stream-limit.lua:4: flow 1: stream must be an integer from 0 to 1000000
-- The real limit of stream.
return rho.scenario { topology = rho.t2(), flows = { { "0", "2", size = 5, stream = 1 << 31 } } }
