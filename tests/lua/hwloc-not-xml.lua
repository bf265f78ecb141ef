-- exit: 2
-- stderr: rho: tests/lua/hwloc-not-xml.lua:3: rho.hwloc: 'run.sh': an hwloc XML file ends in .xml
return rho.scenario { topology = rho.hwloc('run.sh') }
