-- exit: 2
-- stderr: rho: tests/lua/sbx-title-nul.lua:4: scenario: title has a control character (byte 0 at 3)
-- A NUL byte in a title.
return rho.scenario { title = "ok\0more", topology = rho.t2() }
