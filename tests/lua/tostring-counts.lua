-- exit: 0
-- stdout: congestion graph: 1 flow on 8 devices
-- A scenario and a network print their counts as people write them.
local one = rho.scenario { topology = rho.t2(), flows = { { "0", "1", size = "1 MiB" } } }
assert(tostring(one) == "rho.scenario 'untitled' (1 flow)", tostring(one))
local net = rho.dragonfly { groups = 2, chassis = 1, routers = 2, nodes = 1,
                            cores = 1 }
assert(tostring(net):find("1 node x 1 core", 1, true), tostring(net))
local big = rho.torus { dims = { 32, 32 } }
assert(tostring(big):find("1,024 routers, 4,096 links, 1,024 nodes", 1, true),
       tostring(big))
return one
