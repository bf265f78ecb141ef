-- exit: 2
-- stderr: rho: tests/lua/line-self-flow.lua:9: flow 3: '3' sends to itself
-- A flow to itself: at the flow's line.
return rho.scenario {
  topology = rho.t2(), size = "1 MiB",
  flows = {
    { "0", "1" },
    { "1", "2" },
    { "3", "3" },
  },
}
