-- exit: 2
-- stderr: rho: tests/lua/unknown-field.lua:3: scenario: unknown field 'bandwith' (did you mean 'bandwidth'?)
return rho.scenario { topology = rho.t2(), bandwith = '1 GB/s', flows = {} }
