-- Flows written as rho.flow calls: an unedited call stays as written; an
-- edited one is written as a table, and that is said.
-- edits: size 2 1 MiB
-- note: flow 2 (was an expression)
return rho.scenario {
  topology = rho.t2(),
  flows = {
    rho.flow("0", "1", { size = "2 MiB" }), -- the first
    rho.flow(2, 3, { size = "4 MiB" }),
  },
}
