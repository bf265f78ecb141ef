-- exit: 2
-- stderr: rho: tests/lua/line-tau.lua:8: scenario: tau must be between 0 and 1, got 1.5
-- tau out of range: at tau's line.
return rho.scenario {
  title = "lines",
  topology = rho.t2(),
  bandwidth = "11.6 GiB/s",
  tau = 1.5,
  flows = { { "0", "1", size = "1 MiB" } },
}
