-- A list of flows made once as a local: edited where it is written.
-- edits: size 2 4 MiB; add 0 5 1 MiB
local flows = {
  { "0", "1", size = "1 MiB" }, -- the first
  { "0", "2", size = "4 MiB" },
  { "0", "5", size = "1 MiB" },
}
return rho.scenario {
  topology = rho.t2(),
  flows = flows,
}
