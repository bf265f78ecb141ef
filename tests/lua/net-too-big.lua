-- exit: 3
-- stderr: rho: tests/lua/net-too-big.lua:6: rho.dragonfly: the dragonfly: 1,920,000 routers and 438,380,000 links need about 18.05 GiB to build, more than the 4 GiB a scenario may build (fewer routers or groups, or a smaller radix)
-- A network too big to build is refused before anything is allocated,
-- with what it would need, and rho exits 3 (a budget), in well under a
-- second (the test runner's timeout is 60 s).
local net = rho.dragonfly { groups = 20000, chassis = 6, routers = 16, nodes = 4 }
return rho.scenario { title = "too big", topology = net,
  traffic = rho.pattern.alltoall { size = "1 KiB" } }
