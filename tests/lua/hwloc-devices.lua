-- exit: 0
-- stdout: cuda0,cuda1,cuda2,cuda3,cuda4,cuda5,cuda6,cuda7,cuda8,cuda9,cuda10,cuda11,cuda12,cuda13,cuda14,cuda15,cuda16,cuda17,cuda18,cuda19,cuda20,cuda21,cuda22,cuda23,cuda24,cuda25,cuda26,cuda27,cuda28,cuda29,cuda30,cuda31
local t = rho.hwloc('hwloc/dozens.xml')
local g = rho.devices(t, 'gpu')
return rho.scenario { title = table.concat(g, ','), topology = t, flows = { { g[1], g[#g], size = '1 MiB' } } }
