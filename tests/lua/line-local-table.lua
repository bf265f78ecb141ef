-- exit: 2
-- stderr: rho: tests/lua/line-local-table.lua:6: scenario: tau must be between 0 and 1, got 1.5
-- A table made once as a local and passed by name: the line of its field.
local s = {
  topology = rho.t2(),
  tau = 1.5,
  flows = { { "0", "1" } },
}
return rho.scenario(s)
