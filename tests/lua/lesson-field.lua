-- exit: 2
-- stderr: rho: tests/lua/lesson-field.lua:4: lesson step 1: unknown field 'anser' (did you mean 'answer'?)
return rho.scenario { topology = rho.t2(), size = "1 MiB", flows = { { "0", "4" } },
  lesson = { { text = "why?", ask = "why?", anser = "because" } } }
