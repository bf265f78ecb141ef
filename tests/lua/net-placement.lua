-- exit: 2
-- stderr: rho: tests/lua/net-placement.lua:4: placement RDC needs a dragonfly
return rho.scenario {
  topology = rho.torus { dims = { 4, 4 } }, placement = "RDC",
  traffic = rho.pattern.stencil { size = "1 KiB" },
}
