-- exit: 2
-- stderr: rho: tests/lua/halo-option.lua:3: rho.halo: unknown option 'dim' (expected dims, order, periodic, size, start)
local f = rho.halo { dim = { 4, 2 } }
