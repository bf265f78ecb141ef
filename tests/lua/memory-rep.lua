-- args: --lua-memory 16
-- exit: 3
-- stderr: rho: tests/lua/memory-rep.lua: script stopped: memory budget of 16 MiB exceeded; raise it with --lua-memory
local s = string.rep('x', 1 << 30)
