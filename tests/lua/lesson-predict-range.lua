-- exit: 2
-- stderr: rho: tests/lua/lesson-predict-range.lua:4: lesson step 1: predict 3: the scenario has 2 flows
return rho.scenario { topology = rho.t2(), size = "1 MiB", flows = { { "0", "4" }, { "1", "5" } },
  lesson = { { text = "What does flow 3 get?", predict = 3 } } }
