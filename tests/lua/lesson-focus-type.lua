-- exit: 2
-- stderr: rho: tests/lua/lesson-focus-type.lua:4: lesson step 1: focus must be a view's name or a table such as { view = "stepper", frame = "D8" }, not a number
return rho.scenario { topology = rho.t2(), size = "1 MiB", flows = { { "0", "4" } },
  lesson = { { text = "look", focus = 3 } } }
