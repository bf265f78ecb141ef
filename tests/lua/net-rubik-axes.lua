-- exit: 2
-- stderr: rho: tests/lua/net-rubik-axes.lua:5: rubik tilt: the axis and the direction are both 2
-- Rubik's operations take axes counted from 1, and never the same twice.
local box = rho.rubik.box { 4, 4 }
box:tilt(2, 2)
