-- Flows added to an empty list: one a line, under the field.
-- edits: add 0 1 1 MiB; add 2 3 2 MiB at 1 ms
return rho.scenario {
  topology = rho.t2(),
  flows = {
    { "0", "1", size = "1 MiB" },
    { "2", "3", size = "2 MiB", start = "1 ms" },
  },
}
