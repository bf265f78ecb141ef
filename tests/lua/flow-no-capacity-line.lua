-- exit: 2
-- stderr: rho: tests/lua/flow-no-capacity-line.lua:10: flow 2: no link from 'm0' to 'm1' has a capacity (give host memory a bandwidth)
-- the model's own checks at the flow's line (it was found only when the
-- model ran, without a line)
return rho.scenario {
  topology = rho.rc("RC", { rho.host("m0"), rho.host("m1"),
    rho.switch("S", { rho.gpu("a"), rho.gpu("b") }) }),
  size = "1 MiB",
  flows = { { "a", "b" },
    { "m0", "m1" } },
}
