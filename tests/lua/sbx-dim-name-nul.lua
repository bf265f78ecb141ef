-- exit: 2
-- stderr: rho: tests/lua/sbx-dim-name-nul.lua:4: rho.torus: names has a control character (byte 0 at 2)
-- A NUL byte in a torus's dimension names.
local t = rho.torus{ dims = { 4, 4 }, names = "A\0" }
return rho.scenario { topology = t, size = 1, traffic = rho.pattern.alltoall{} }
