-- exit: 2
-- stderr: rho: tests/lua/torus-names-control.lua:3: rho.torus: names[1] has a control character (byte 27)
local net = rho.torus { dims = { 4, 4 }, names = { "a\27[2J", "b" } }
return rho.scenario { topology = net, traffic = rho.pattern.alltoall {}, size = 1024 }
