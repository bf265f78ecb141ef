-- args: 
-- exit: 3
-- stderr: rho: tests/lua/hang-table-insert-len.lua:6: script stopped after 200001000 instructions (a runaway loop?); raise the budget with --lua-instructions
-- table.insert shifts #t elements in C, and __len says 10^15
local t = setmetatable({}, { __len = function() return 1e15 end })
table.insert(t, 1, 5)
