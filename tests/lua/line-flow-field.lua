-- exit: 2
-- stderr: rho: tests/lua/line-flow-field.lua:8: flow 2: unknown field 'sise' (did you mean 'size'?)
-- An unknown field of a flow: at its line.
return rho.scenario {
  topology = rho.t2(),
  flows = {
    { "0", "1", size = "1 MiB" },
    { "0", "2", sise = "1 MiB" },
  },
}
