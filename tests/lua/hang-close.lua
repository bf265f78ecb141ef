-- args: --lua-time 0.3 --lua-instructions 100000000000
-- exit: 3
-- stderr: rho: tests/lua/hang-close.lua:5: script stopped after 0.3 s (wall-time budget; --lua-time to allow more)
-- a to-be-closed variable whose __close loops
do local x <close> = setmetatable({}, { __close = function() while true do end end }) end
