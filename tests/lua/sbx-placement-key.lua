-- exit: 2
-- stderr: rho: tests/lua/sbx-placement-key.lua:7: placement: unexpected key 'extra' (a list of device names, rank 0 first)
-- A placement list with a string key.
return rho.scenario {
  topology = rho.t2(),
  placement = { "0", "1",
    extra = "2" },
  flows = { { 0, 1, size = 5 } },
}
