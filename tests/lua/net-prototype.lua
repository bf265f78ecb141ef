-- exit: 2
-- stderr: rho: tests/lua/net-prototype.lua:4: rho.prototype: dragonfly prototype: radix 50 (a multiple of 6: r/6 nodes, r/2 local and r/3 global ports)
-- A prototype's radix must suit its family.
local net = rho.prototype { family = "dragonfly", nodes = 4096, radix = 50 }
