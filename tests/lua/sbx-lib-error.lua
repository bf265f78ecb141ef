-- exit: 2
-- stderr: rho: tests/lua/sbx-lib-error.lua:5: rho.t1: boards must be an integer from 1 to 8, got 99
-- The library's errors still name the user's line when string.format is gone.
string.format = nil
return rho.scenario { topology = rho.t1{ boards = 99 } }
