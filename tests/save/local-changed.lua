-- A local table changed after it is made: the text does not show what
-- the script made, so the whole scenario is written anew.
-- edits: tau 0.3
-- note: the script does not write out the table given to rho.scenario
local s = {
  topology = rho.t2(),
  flows = { { "0", "1", size = "1 MiB" } },
}
s.title = "changed"
return rho.scenario(s)
