-- exit: 2
-- stderr: rho: tests/lua/line-call.lua:11: scenario: tau must be between 0 and 1, got 2.0
-- A table made elsewhere and passed by name: the call's line (its
-- fields were not written in the call).
local s = {
  topology = rho.t2(),
  flows = { { 0, 1, size = "1 MiB" } },
}
s.tau = 2
return
  rho.scenario(s)
