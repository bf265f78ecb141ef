-- args: --sweep size=1KiB,2KiB
-- exit: 2
-- stderr: rho: tests/lua/line-sweep.lua:9: flow 2: unknown device '9'
-- A sweep loads the script at each point: the same line.
return rho.scenario {
  topology = rho.t2(),
  flows = {
    { "0", "1", size = rho.param("size", "1 MiB") },
    { "0", "9", size = rho.param("size", "1 MiB") },
  },
}
