-- args: --lua-memory 16
-- exit: 3
-- stderr: rho: tests/lua/memory.lua:5: script stopped: memory budget of 16 MiB exceeded; raise it with --lua-memory
local t = {}
for i = 1, 1e8 do t[i] = i end
