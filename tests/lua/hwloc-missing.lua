-- exit: 2
-- stderr: rho: tests/lua/hwloc-missing.lua:3: rho.hwloc: tests/lua/hwloc/none.xml: cannot open: No such file or directory
return rho.scenario { topology = rho.hwloc('hwloc/none.xml') }
