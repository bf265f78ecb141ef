-- exit: 2
-- stderr: rho: tests/lua/sbx-node-bandwidth-bool.lua:6: topology: 'a': bandwidth must be a rate such as "12 GB/s" or "unlimited", not a boolean
-- A node's bandwidth changed to a boolean (it crashed rho).
local g = rho.gpu("a")
g.bandwidth = true
return rho.scenario { topology = rho.rc("RC", { g, rho.gpu("b") }), flows = { { "a", "b", size = 5 } } }
