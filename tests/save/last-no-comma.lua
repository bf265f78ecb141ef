-- The last flow has no comma: a flow added after it gets one.
-- edits: add 4 5 1 MiB; del 2
return rho.scenario {
  topology = rho.t2(),
  flows = {
    { "0", "1", size = "1 MiB" },
    { "2", "3", size = "1 MiB" }
  }
}
