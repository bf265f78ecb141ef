-- exit: 2
-- stderr: rho: tests/lua/hwloc-bad-objects.lua:3: rho.hwloc: tests/lua/hwloc/bad-objects.xml: hwloc cannot read it: malformed XML, or objects it does not accept (Invalid argument)
return rho.scenario { topology = rho.hwloc('hwloc/bad-objects.xml') }
