-- exit: 2
-- stderr: rho: tests/lua/hwloc-newer.lua:3: rho.hwloc: tests/lua/hwloc/bad-newer.xml: hwloc XML version 9 (rho reads versions 1 to 3)
return rho.scenario { topology = rho.hwloc('hwloc/bad-newer.xml') }
