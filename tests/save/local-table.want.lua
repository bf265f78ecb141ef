-- A table made once as a local and passed by name: its values are where
-- the local is written, and they are edited there.
-- edits: tau 0.3; size 1 2 MiB
local s = {
  topology = rho.t2(),
  flows = { { "0", "1", size = "2 MiB" } }, -- one flow
  tau = 0.3,
}
return rho.scenario(s)
