-- Flows made by a pattern are written out when they change; the rest of
-- the script stays, and a parameter keeps its name with a new default.
-- edits: tau 0.1; size 1 1 MiB
-- note: tau (was an expression), flows (made by code)
return rho.scenario {
  title = "A halo exchange",
  topology = rho.t2(),
  tau = rho.param("tau", 1 - 1 / 1.21), -- SC16's measured penalty
  flows = rho.halo { dims = { 4, 2 }, size = "254 KiB" },
}
