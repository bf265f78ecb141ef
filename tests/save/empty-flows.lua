-- Flows added to an empty list: one a line, under the field.
-- edits: add 0 1 1 MiB; add 2 3 2 MiB at 1 ms
return rho.scenario {
  topology = rho.t2(),
  flows = {},
}
