-- args: --lua-time 0.3 --lua-instructions 100000000000
-- exit: 3
-- stderr: rho: tests/lua/hang-gsub.lua: script stopped after 0.3 s (wall-time budget; --lua-time to allow more)
-- the same through gsub with a function (Lua code between C matching)
local s = string.rep('a', 3e4)
return s:gsub('.-.-.-.-b', function() end)
