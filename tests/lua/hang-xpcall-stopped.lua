-- args: --lua-time 0.3 --lua-instructions 100000000000
-- exit: 3
-- stderr: rho: tests/lua/hang-xpcall-stopped.lua:5: script stopped after 0.3 s (wall-time budget; --lua-time to allow more)
-- the handler of a budget error (it would run with hooks off): not called
xpcall(function() while true do end end, function() while true do end end)
