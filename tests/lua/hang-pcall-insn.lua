-- args: --lua-instructions 1000000
-- exit: 3
-- stderr: rho: tests/lua/hang-pcall-insn.lua:5: script stopped after 1001000 instructions (a runaway loop?); raise the budget with --lua-instructions
-- pcall in an unbounded loop: the instruction budget holds too
while true do pcall(function() while true do end end) end
