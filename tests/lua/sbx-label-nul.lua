-- exit: 2
-- stderr: rho: tests/lua/sbx-label-nul.lua:5: flow 1: label has a control character (byte 0 at 2)
-- A NUL byte in a label.
return rho.scenario { topology = rho.t2(),
  flows = { { "0", "2", size = 5, label = "L\0x" } } }
