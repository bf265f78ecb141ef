-- A table built elsewhere and passed by name: the text does not show
-- where its values are, so the whole scenario is written anew.
-- edits: tau 0.3
-- note: the script's rho.scenario { } call was not found
local s = {
  topology = rho.t2(),
  flows = { { "0", "1", size = "1 MiB" } },
}
return rho.scenario(s)
