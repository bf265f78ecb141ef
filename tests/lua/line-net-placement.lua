-- exit: 2
-- stderr: rho: tests/lua/line-net-placement.lua:8: placement: rank 1 must be given a node number
-- A network's placement list: at the entry's line.
return rho.scenario {
  topology = rho.mesh { dims = { 3 } },
  placement = {
    0,
    "one",
    2,
  },
  flows = { { 0, 2, size = "1 MiB" } },
}
