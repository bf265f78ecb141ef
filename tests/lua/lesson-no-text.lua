-- exit: 2
-- stderr: rho: tests/lua/lesson-no-text.lua:4: lesson step 1: no text (give text = "...")
return rho.scenario { topology = rho.t2(), size = "1 MiB", flows = { { "0", "4" } },
  lesson = { { ask = "why?" } } }
