-- exit: 2
-- stderr: rho: tests/lua/lesson-unknown-view.lua:4: lesson step 2: focus: unknown view 'slides' (the views are lesson, tree, flows, explain, stepper, timeline, heat, stats, search, teach, network, links, map, classes, rounds, metrics, jobs, queue)
return rho.scenario { topology = rho.t2(), flows = { { "0", "4", size = "1 MiB" } },
  lesson = { { text = "one" }, { text = "two", focus = "slides" } } }
