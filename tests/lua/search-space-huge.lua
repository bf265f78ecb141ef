-- args: --search --sample 20
-- exit: 0
-- stdout: schedule search: 20 random schedules of 7.89e+374 (every order of each source's flows: 200 flows from 1 source)
-- 200 flows of one source: 200! orders, past a double (it was "of inf")
local f = {}
for i = 1, 200 do f[#f + 1] = { "0", "4" } end
return rho.scenario { topology = rho.t2(), size = "1 MiB", flows = f }
