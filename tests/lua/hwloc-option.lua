-- exit: 2
-- stderr: rho: tests/lua/hwloc-option.lua:3: rho.hwloc: unknown field 'eficiency' (did you mean 'efficiency'?)
return rho.scenario { topology = rho.hwloc('hwloc/pcie-switch.xml', { eficiency = 1 }) }
