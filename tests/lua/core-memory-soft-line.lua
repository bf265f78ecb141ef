-- args: --lua-memory 32
-- exit: 3
-- stderr: rho: tests/lua/core-memory-soft-line.lua:9: script stopped: memory budget of 32 MiB exceeded; raise it with --lua-memory
-- Memory that passes the budget but not the hard limit an eighth above
-- it: the script is stopped when the hook next runs, instructions later,
-- at the line where memory ran over.
local a = string.rep("a", 12 << 20)
local n = 0
local b = string.rep("b", 11 << 20)
for i = 1, 100 do
  n = n + i
end
