-- args: --lua-time 0.3 --lua-instructions 100000000000
-- exit: 3
-- stderr: rho: tests/lua/hang-pcall-loop.lua:5: script stopped after 0.3 s (wall-time budget; --lua-time to allow more)
-- pcall in an unbounded loop: stopped by wall time; pcall cannot hide it
while true do pcall(function() while true do end end) end
