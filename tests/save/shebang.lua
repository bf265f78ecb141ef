#!/usr/bin/env rho
-- A "#!" line stays.
-- edits: tau 0.5
return rho.scenario { topology = rho.t2(), tau = 0.2, flows = {} }
