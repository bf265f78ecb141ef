-- args: 
-- exit: 3
-- stderr: rho: tests/lua/hang-table-move.lua:5: script stopped after 200001000 instructions (a runaway loop?); raise the budget with --lua-instructions
-- table.move over 10^15 slots loops in C: charged to the instruction budget first
table.move({}, 1, 1e15, 2)
