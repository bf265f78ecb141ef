-- exit: 2
-- stderr: rho: tests/lua/line-seed.lua:7: scenario: seed must be an integer
-- A seed that is not an integer: at its line.
return rho.scenario {
  topology = rho.t2(),
  flows = { { 0, 1, size = "1 MiB" } },
  seed = 1.5,
}
