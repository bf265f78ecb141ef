-- exit: 2
-- stderr: rho: tests/lua/sbx-tau-nan.lua:4: scenario: tau must be between 0 and 1, got not a number
-- NaN said as such.
return rho.scenario { topology = rho.t2(), tau = 0/0 }
