-- exit: 2
-- stderr: rho: tests/lua/net-twotier-geometry.lua:7: rho.pattern.collective: scatter-twotier needs the supernode geometry: give supernodes = and nodes = (only a dragonfly gives them)
-- A two-tier collective on a torus: the geometry cannot come from it.
return rho.scenario {
  topology = rho.torus { dims = { 4, 4 }, cores = 2 },
  traffic =
    rho.pattern.collective { algorithm = "scatter-twotier", cores = 2, size = "1 MiB" },
}
