-- exit: 2
-- stderr: rho: tests/lua/hwloc-dotdot.lua:3: rho.hwloc: 'hwloc/../../x.xml': the path may not leave the scenario's folder (no '..')
return rho.scenario { topology = rho.hwloc('hwloc/../../x.xml') }
