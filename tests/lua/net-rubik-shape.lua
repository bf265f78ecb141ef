-- exit: 2
-- stderr: rho: tests/lua/net-rubik-shape.lua:6: rubik placement: the box must be shaped like the torus, 4 x 4 x T (T <= 2)
-- A box is a placement only when it is shaped like the torus.
local net = rho.torus { dims = { 4, 4 }, cores = 2 }
return rho.scenario {
  topology = net, placement = rho.rubik.box { 4, 8 },
  traffic = rho.pattern.alltoall { size = "1 KiB" },
}
