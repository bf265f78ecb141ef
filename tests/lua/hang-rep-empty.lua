-- args: 
-- exit: 0
-- string.rep of nothing, 10^18 times: Lua's own loops in C; rho's is instant
local s = string.rep('', 1e18) .. string.rep('', 1e18, '')
assert(s == '')
return rho.scenario { topology = rho.t2(), flows = { { '0', '1', size = '1 MiB' } } }
