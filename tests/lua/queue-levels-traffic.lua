-- exit: 2
-- stderr: rho: tests/lua/queue-levels-traffic.lua:5: scenario: traffic is for trees and networks; given levels (rho.levels) have no traffic of their own
return rho.scenario {
  topology = rho.levels { { "L1", v = 1, capacity = "1 GB/s" } },
  traffic = rho.pattern.alltoall {},
}
