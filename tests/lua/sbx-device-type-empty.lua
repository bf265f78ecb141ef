-- exit: 2
-- stderr: rho: tests/lua/sbx-device-type-empty.lua:6: topology: 'a': type must be a word such as "nic", got ""
-- A device's type changed after it was made: refused at rho.scenario.
local g = rho.gpu("a")
g.type = ""
return rho.scenario { topology = rho.rc("RC", { g, rho.gpu("b") }) }
