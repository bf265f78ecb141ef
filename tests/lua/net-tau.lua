-- exit: 2
-- stderr: rho: tests/lua/net-tau.lua:3: scenario: tau is for PCIe trees; a network's bandwidth is given to its builder (rho.torus{ bandwidth = ... })
return rho.scenario { topology = rho.mesh { dims = { 3 } }, tau = 0.2,
  flows = { { 0, 2, size = "1 MiB" } } }
