-- args: --lua-memory 16
-- exit: 3
-- stderr: rho: tests/lua/core-memory-line.lua:10: script stopped: memory budget of 16 MiB exceeded; raise it with --lua-memory
-- An allocation past the budget is refused at once, with no message
-- handler: the line is the one that asked, not the one the instruction
-- hook saw last.
local a = 1
local b = 2
local c = 3
local big = string.rep("x", 1 << 26)
