-- exit: 2
-- stderr: rho: tests/lua/hwloc-not-hwloc.lua:3: rho.hwloc: tests/lua/hwloc/bad-not-hwloc.xml: not an hwloc XML file (no <topology> element)
return rho.scenario { topology = rho.hwloc('hwloc/bad-not-hwloc.xml') }
