-- exit: 2
-- stderr: rho: tests/lua/line-pattern.lua:7: flow 13: destination rank 8 is not placed (ranks 0 to 7 are)
-- Flows made by a pattern: at the line of the pattern's call.
return rho.scenario {
  topology = rho.t2(),
  flows =
    rho.halo { dims = { 4, 4 }, size = "1 MiB" },
}
