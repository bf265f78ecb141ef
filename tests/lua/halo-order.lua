-- exit: 2
-- stderr: rho: tests/lua/halo-order.lua:3: rho.halo: 2 is not a neighbour of rank 0
local f = rho.halo { dims = { 4, 2 }, size = 1, order = { [0] = { 2, 1 } } }
