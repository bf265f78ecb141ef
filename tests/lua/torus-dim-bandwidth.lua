-- exit: 2
-- stderr: rho: tests/lua/torus-dim-bandwidth.lua:4: rho.torus: dim_bandwidth[2] must be a finite number >= 0
-- (0 is the bandwidth, as a saved scenario writes it; below it, refused)
local net = rho.torus { dims = { 4, 4 }, dim_bandwidth = { "1 GB/s", -5 } }
return rho.scenario { topology = net, traffic = rho.pattern.alltoall {}, size = 1024 }
