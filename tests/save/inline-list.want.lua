-- Flows on one line: removed with their commas; one added inline.
-- edits: del 3; del 1; add 6 7 1 MiB
return rho.scenario {
  topology = rho.t2(),
  flows = { { "2", "3", size = "1 MiB" }, { "6", "7", size = "1 MiB" } },
}
