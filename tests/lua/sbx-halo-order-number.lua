-- exit: 2
-- stderr: rho: tests/lua/sbx-halo-order-number.lua:5: rho.halo: order[0] must be the list of rank 0's neighbours, got number
-- rho.halo's order lists each rank's neighbours.
local x = 1
local flows = rho.halo{ dims = { 4, 2 }, size = 5, order = { [0] = 5 } }
return rho.scenario { topology = rho.t2(), flows = flows }
