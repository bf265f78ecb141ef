-- Flows on one line: removed with their commas; one added inline.
-- edits: del 3; del 1; add 6 7 1 MiB
return rho.scenario {
  topology = rho.t2(),
  flows = { { "0", "1", size = "1 MiB" }, { "2", "3", size = "1 MiB" }, { "4", "5", size = "1 MiB" } },
}
