-- exit: 2
-- stderr: rho: tests/lua/grid-bad-coords.lua:3: rho.grid.rank: coords must be a list of 2 coordinates
local r = rho.grid.rank({1}, {2, 2})
return rho.scenario { topology = rho.t2(), flows = {} }
