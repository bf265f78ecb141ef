-- exit: 2
-- stderr: rho: tests/lua/lesson-text-number.lua:4: lesson step 1: text must be a string, not a number
return rho.scenario { topology = rho.t2(), size = "1 MiB", flows = { { "0", "4" } },
  lesson = { { text = 5 } } }
