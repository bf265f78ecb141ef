-- Flows made by a pattern are written out when they change; the rest of
-- the script stays, and a parameter keeps its name with a new default.
-- edits: tau 0.1; size 1 1 MiB
-- note: tau (was an expression), flows (made by code)
return rho.scenario {
  title = "A halo exchange",
  topology = rho.t2(),
  tau = rho.param("tau", 0.1), -- SC16's measured penalty
  flows = {
    { 0, 1, size = "1 MiB" },
    { 0, 4, size = "254 KiB" },
    { 1, 0, size = "254 KiB" },
    { 1, 2, size = "254 KiB" },
    { 1, 5, size = "254 KiB" },
    { 2, 1, size = "254 KiB" },
    { 2, 3, size = "254 KiB" },
    { 2, 6, size = "254 KiB" },
    { 3, 2, size = "254 KiB" },
    { 3, 7, size = "254 KiB" },
    { 4, 5, size = "254 KiB" },
    { 4, 0, size = "254 KiB" },
    { 5, 4, size = "254 KiB" },
    { 5, 6, size = "254 KiB" },
    { 5, 1, size = "254 KiB" },
    { 6, 5, size = "254 KiB" },
    { 6, 7, size = "254 KiB" },
    { 6, 2, size = "254 KiB" },
    { 7, 6, size = "254 KiB" },
    { 7, 3, size = "254 KiB" },
  },
}
