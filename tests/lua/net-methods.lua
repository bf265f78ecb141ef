-- exit: 0
-- stdout: network    dragonfly, 9 groups of 2x4 routers, 2 nodes x 2 cores: 72 routers, 360 links, 144 nodes, 288 ranks
local net = rho.dragonfly { groups = 9, chassis = 2, routers = 4, nodes = 2, cores = 2 }
assert(net:routers() == 72 and net:nodes() == 144 and net:ranks() == 288)
assert(net:family() == "dragonfly" and net:dims() == nil)
local t = rho.torus { dims = { 4, 3, 2 }, names = "ABC" }
assert(#t:dims() == 3 and t:dims()[2] == 3 and t:family() == "torus")
assert(#rho.networks() > 10)
return rho.scenario {
  title = "methods", topology = net, routing = "SD",
  jobs = {
    { name = "halo", traffic = rho.pattern.halo { nd = 2, size = "4 KiB" }, ranks = 64 },
    { name = "a2a", traffic = rho.pattern.alltoall { size = "1 KiB" }, ranks = 16, routing = "AD" },
  },
}
