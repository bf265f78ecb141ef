-- No placement written: a moved rank adds one.
-- edits: move 1 5
return rho.scenario {
  topology = rho.t2(),
  flows = { { 0, 1, size = "1 MiB" } },
  placement = { "0", "5", "2", "3", "4", "5", "6", "7" },
}
