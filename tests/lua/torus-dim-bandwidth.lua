-- exit: 2
-- stderr: rho: tests/lua/torus-dim-bandwidth.lua:4: rho.torus: dim_bandwidth[2] must be > 0
-- (0 was taken for "the bandwidth", which bandwidth = 0 refuses)
local net = rho.torus { dims = { 4, 4 }, dim_bandwidth = { "1 GB/s", 0 } }
return rho.scenario { topology = net, traffic = rho.pattern.alltoall {}, size = 1024 }
