-- args: --lua-instructions 1000000
-- exit: 3
-- stderr: rho: tests/lua/runaway-pcall.lua:6: script stopped after 1001000 instructions (a runaway loop?); raise the budget with --lua-instructions
-- a script may not catch the budget error and go on
local t = 0
for i = 1, 100 do pcall(function() while true do end end) end
return rho.scenario { topology = rho.t2(), flows = {} }
