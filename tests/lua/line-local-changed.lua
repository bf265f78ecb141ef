-- exit: 2
-- stderr: rho: tests/lua/line-local-changed.lua:10: scenario: tau must be between 0 and 1, got 7.0
-- A table changed after it is made: the text does not show its values,
-- so the error names the line of the call.
local s = {
  topology = rho.t2(),
  flows = { { "0", "1" } },
}
s.tau = 7
return rho.scenario(s)
