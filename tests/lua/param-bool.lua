-- args: -p fast=0
-- exit: 0
-- stdout: tau = 0.3
local fast = rho.param("fast", true)
return rho.scenario { topology = rho.t2(), tau = fast and 0.2 or 0.3,
  flows = { { '0', '4', size = '1 MiB' } } }
