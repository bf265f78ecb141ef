-- exit: 0
-- stdout: 2 groups
-- A float with an integral value is an integer (as lua_tointegerx takes it).
return rho.scenario {
  topology = rho.dragonfly{ groups = 2.0, routers = 2, nodes = 1 }, size = 1,
  traffic = rho.pattern.alltoall{},
}
