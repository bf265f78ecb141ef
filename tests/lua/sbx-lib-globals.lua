-- exit: 0
-- stdout: 12 flows
-- A script that changes what the library uses does not break it.
string.format = nil
rho.gpu = nil
rho.place = 5
table.concat = nil
getmetatable("").__index = {}
return rho.scenario { topology = rho.t1(), flows = rho.alltoall{ ranks = 4, size = 5 } }
