-- args: --lua-instructions 1000000
-- exit: 3
-- stderr: rho: tests/lua/runaway.lua:5: script stopped after 1001000 instructions (a runaway loop?); raise the budget with --lua-instructions
local n = 0
while true do n = n + 1 end
