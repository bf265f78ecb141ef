-- exit: 2
-- stderr: rho: tests/lua/line-title.lua:6: scenario: title must be a string
-- A title that is not a string: at its line.
return rho.scenario {
  topology = rho.t2(),
  title = 5,
  flows = { { 0, 1, size = "1 MiB" } },
}
