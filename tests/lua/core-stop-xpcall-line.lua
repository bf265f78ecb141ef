-- args: --lua-instructions 1000000
-- exit: 3
-- stderr: rho: tests/lua/core-stop-xpcall-line.lua:7: script stopped after 1001000 instructions (a runaway loop?); raise the budget with --lua-instructions
-- The same through xpcall, and through a pcall around it.
local ok, e = pcall(xpcall, function()
  local a = 1
  while true do a = a + 1 end
end, function(m) return m end)
