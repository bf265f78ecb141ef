-- exit: 2
-- stderr: rho: tests/lua/control-name.lua:4: topology: a device's name has a control character (byte 27 at 2)
return rho.scenario { title = "names",
  topology = rho.rc("RC", { rho.gpu("a\27[31m"), rho.gpu("c") }),
  flows = { { "c", "c", size = "1 MiB" } } }
