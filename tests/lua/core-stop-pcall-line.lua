-- args: --lua-instructions 1000000
-- exit: 3
-- stderr: rho: tests/lua/core-stop-pcall-line.lua:8: script stopped after 1001000 instructions (a runaway loop?); raise the budget with --lua-instructions
-- A loop stopped inside pcall is named at its own line, not at the
-- pcall's that passes the error on.
local ok, e = pcall(function()
  local a = 1
  while true do a = a + 1 end
end)
