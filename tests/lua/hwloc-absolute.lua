-- exit: 2
-- stderr: rho: tests/lua/hwloc-absolute.lua:3: rho.hwloc: '/etc/passwd.xml': give a path relative to the scenario's folder, not an absolute one
return rho.scenario { topology = rho.hwloc('/etc/passwd.xml') }
