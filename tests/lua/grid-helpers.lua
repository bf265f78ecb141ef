-- exit: 0
-- rho.grid's helpers take periodic as rho.halo does (a boolean or a list)
local nb = rho.grid.neighbours(0, {4, 4}, true)
assert(table.concat(nb, " ") == "3 1 12 4", table.concat(nb, " "))
local open = rho.grid.neighbours(0, {4, 4})
assert(table.concat(open, " ") == "1 4", table.concat(open, " "))
local c = rho.grid.coords(6, {4, 2})
assert(c[1] == 2 and c[2] == 1)
assert(rho.grid.rank({2, 1}, {4, 2}) == 6)
return rho.scenario { topology = rho.t2(), flows = { { "0", "4", size = "1 MiB" } } }
