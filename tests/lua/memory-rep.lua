-- args: --lua-memory 16
-- exit: 3
-- stderr: rho: tests/lua/memory-rep.lua:6: script stopped: memory budget of 16 MiB exceeded; raise it with --lua-memory
-- (the line: Lua calls no message handler for a memory error; the
-- allocator notes the line that asked when it refuses)
local s = string.rep('x', 1 << 30)
