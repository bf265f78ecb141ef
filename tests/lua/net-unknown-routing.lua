-- exit: 2
-- stderr: rho: tests/lua/net-unknown-routing.lua:4: scenario: routing 'XY' is not DOR, SD, SI, AD, AI, AH, BGQ or UPDOWN
return rho.scenario {
  topology = rho.torus { dims = { 4, 4 } }, routing = "XY",
  flows = { { 0, 5, size = "1 MiB" } },
}
