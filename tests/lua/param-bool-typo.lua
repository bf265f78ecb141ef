-- args: -p wrap=yes
-- exit: 2
-- stderr: rho: tests/lua/param-bool-typo.lua:5: parameter wrap: expected true, false, 1 or 0, got 'yes'
-- a boolean parameter read a typo as false
local wrap = rho.param("wrap", true)
return rho.scenario { topology = rho.t2(), tau = wrap and 0.2 or 0.3,
  flows = { { '0', '4', size = '1 MiB' } } }
