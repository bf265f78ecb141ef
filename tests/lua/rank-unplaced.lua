-- exit: 2
-- stderr: rho: tests/lua/rank-unplaced.lua:3: flow 1: destination rank 8 is not placed (ranks 0 to 7 are)
return rho.scenario { topology = rho.t2(), flows = { { 0, 8, size = 1 } } }
