-- args: --lua-time 0.3 --lua-instructions 100000000000
-- exit: 3
-- stderr: rho: tests/lua/hang-xpcall-handler.lua:5: script stopped after 0.3 s (wall-time budget; --lua-time to allow more)
-- an xpcall message handler that loops
xpcall(function() error('boom') end, function() while true do end end)
