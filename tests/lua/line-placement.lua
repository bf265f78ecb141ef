-- exit: 2
-- stderr: rho: tests/lua/line-placement.lua:9: placement: rank 2: 'SA' is not a device
-- A placement entry that is not a device: at the entry's line.
return rho.scenario {
  topology = rho.t2(),
  placement = {
    "0",
    "1",
    "SA",
  },
  flows = { { 0, 1, size = "1 MiB" } },
}
