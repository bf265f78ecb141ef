-- args: --lua-time 0.3 --lua-instructions 100000000000
-- exit: 3
-- stderr: rho: tests/lua/hang-tostring.lua:5: script stopped after 0.3 s (wall-time budget; --lua-time to allow more)
-- an error object whose __tostring loops (the message handler calls it)
error(setmetatable({}, { __tostring = function() while true do end end }))
