-- exit: 2
-- stderr: rho: tests/lua/pattern-ranks.lua:5: traffic: the pattern is for 16 ranks, and the network has 9
return rho.scenario {
  topology = rho.mesh { dims = { 3, 3 } },
  traffic = rho.pattern.stencil { dims = { 4, 4 } },
  size = "1 KiB",
}
