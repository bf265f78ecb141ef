-- exit: 2
-- stderr: rho: tests/lua/lesson-empty.lua:4: lesson: an empty list (give at least one step)
return rho.scenario { topology = rho.t2(), size = "1 MiB", flows = { { "0", "4" } },
  lesson = {} }
