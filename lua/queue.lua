-- rho's Lua library: the queueing model's levels given by hand (the seed's
-- own form, with no network): each level's visit ratio v, or the routing
-- probabilities p0 and P, and its aggregate capacity.
--
--   topology = rho.levels {
--     { "L1", v = 3.5, capacity = "3.82 GB/s" },
--     { "L2", v = 2,   capacity = "1.02 GB/s" },
--     { "L3", v = 1,   links = 16, bandwidth = "10 GB/s" },
--   }
--
-- rho.scenario (in C) checks the description; a network's own levels come
-- from its links instead (the scenario's `queue = { levels = ... }`).
local rho, lib = ...

--- rho.levels{ {name, v=, capacity= | links=, bandwidth=}, ...,
--- p0=, P=, exit= }: levels for the queueing model.
function rho.levels(levels)
  lib.check(type(levels) == "table",
            "rho.levels expects a table of levels, got %s", type(levels))
  local d = { _rho = "levels", line = lib.line() }
  for k, v in pairs(levels) do d[k] = v end
  return d
end
