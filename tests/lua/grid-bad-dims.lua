-- exit: 2
-- stderr: rho: tests/lua/grid-bad-dims.lua:4: rho.grid.coords: dims[2] must be a positive integer, got 0
-- it failed inside rho's library with 'attempt to perform n%0'
local c = rho.grid.coords(3, {4, 0})
return rho.scenario { topology = rho.t2(), flows = {} }
