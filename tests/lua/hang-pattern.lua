-- args: --lua-time 0.3 --lua-instructions 100000000000
-- exit: 3
-- stderr: rho: tests/lua/hang-pattern.lua: script stopped after 0.3 s (wall-time budget; --lua-time to allow more)
-- a string pattern that backtracks for years inside C: only the kill stops it
local s = string.rep('a', 1e5)
return s:find('.-.-.-.-.-.-b')
