-- exit: 2
-- stderr: rho: tests/lua/sbx-name-nul.lua:4: topology: a device's name has a control character (byte 0 at 2)
-- A NUL byte in a name is refused (it cut the name).
return rho.scenario { topology = rho.rc("RC", { rho.gpu("x\0zzz"), rho.gpu("b") }) }
