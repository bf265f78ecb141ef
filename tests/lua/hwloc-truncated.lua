-- exit: 2
-- stderr: rho: tests/lua/hwloc-truncated.lua:3: rho.hwloc: tests/lua/hwloc/bad-truncated.xml: hwloc cannot read it: malformed XML (Invalid argument)
return rho.scenario { topology = rho.hwloc('hwloc/bad-truncated.xml') }
