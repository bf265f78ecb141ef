-- exit: 2
-- stderr: rho: tests/lua/torus-dim-bandwidth-name.lua:4: rho.torus: dim_bandwidth[1]: expected a rate such as '11.6 GiB/s', got 'x'
-- (it said "_v", a field rho wrote into the script's own list)
local net = rho.torus { dims = { 4, 4 }, dim_bandwidth = { "x", "1 GB/s" } }
return rho.scenario { topology = net, traffic = rho.pattern.alltoall {}, size = 1024 }
