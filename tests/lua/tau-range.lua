-- exit: 2
-- stderr: rho: tests/lua/tau-range.lua:3: scenario: tau must be between 0 and 1, got 1.5
return rho.scenario { topology = rho.t2(), tau = 1.5, flows = {} }
