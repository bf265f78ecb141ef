-- exit: 2
-- stderr: rho: tests/lua/line-routing.lua:7: scenario: routing 'XY' is not DOR, SD, SI, AD, AI, AH, BGQ or UPDOWN
-- A PCIe tree's routing: at its line.
return rho.scenario {
  topology = rho.t2(),
  flows = { { 0, 1, size = "1 MiB" } },
  routing = "XY",
}
