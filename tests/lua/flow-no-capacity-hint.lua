-- exit: 2
-- stderr: rho: tests/lua/flow-no-capacity-hint.lua:7: flow 1: no link from 'a' to 'b' has a capacity (give a link on its path a bandwidth)
-- (no host memory here: the hint said to give it a bandwidth)
return rho.scenario {
  topology = rho.rc("RC", { rho.switch("S", { rho.gpu("a", { bandwidth = "unlimited" }),
    rho.gpu("b", { bandwidth = "unlimited" }) }, { bandwidth = "unlimited" }) }),
  size = "1 MiB", flows = { { "a", "b" } } }
