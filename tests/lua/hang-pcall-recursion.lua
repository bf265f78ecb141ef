-- args: --lua-time 0.3 --lua-instructions 100000000000
-- exit: 3
-- stderr: rho: tests/lua/hang-pcall-recursion.lua:5: script stopped after 0.3 s (wall-time budget; --lua-time to allow more)
-- deep recursion through pcall: 2^200 calls, each level catching the one below
local function f() pcall(f) pcall(f) end
f()
