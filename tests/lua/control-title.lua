-- exit: 2
-- stderr: rho: tests/lua/control-title.lua:5: scenario: title has a control character (byte 27 at 2)
-- the batch report printed the title as given: ESC [2J cleared the
-- user's terminal
return rho.scenario { title = "T\27[2J",
  topology = rho.t2(), flows = { { '0', '4', size = '1 MiB' } } }
