-- exit: 2
-- stderr: rho: tests/lua/line-flow-unit.lua:10: flow 2: size: unknown size unit 'mb' in '3 mb' (expected B, kB, KB, MB, GB, TB, PB, EB, KiB, MiB, GiB, TiB, PiB, EiB)
-- A bad unit in a flow written over several lines: at its size's line.
return rho.scenario {
  topology = rho.t2(),
  flows = {
    { "0", "1", size = "1 MiB" },
    {
      "0", "2",
      size = "3 mb",
    },
  },
}
