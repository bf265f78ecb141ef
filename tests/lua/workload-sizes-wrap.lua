-- exit: 2
-- stderr: rho: tests/lua/workload-sizes-wrap.lua:4: rho.workload_sizes: workload 4294967297 (1 to 4)
-- (2^32 + 1 was cut to workload 1)
local s = rho.workload_sizes(4294967297, 100)
return rho.scenario {}
