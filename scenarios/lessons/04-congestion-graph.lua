-- golden: --timeline
-- Lesson 4: the dynamic congestion graph, Table II (SC16 Sec. V and VI).
--
-- Table I's copies through time: the factors hold until the next event.
-- c (3->2) and d (6->4) end at 36.08 ms (300 MiB at 7/10 of 11.6 GiB/s);
-- then a and b are alone: no conflict with d, no HOL blocking, 1/2 each
-- at K0->SA, and they send their remaining 171.4 MiB to end together at
-- 64.94 ms (the paper: 36 ms and 65 ms).
return rho.scenario {
  title = "Lesson 4: the congestion graph in time (Table II)",
  topology = rho.t2(),
  bandwidth = "11.6 GiB/s",
  tau = 0.2,
  size = "300 MiB",
  flows = {
    { "0", "2", label = "a" },
    { "1", "4", label = "b" },
    { "3", "2", label = "c" },
    { "6", "4", label = "d" },
  },
  lesson = {
    { text = "The model is a graph of time steps: between two events (a "
          .. "start or an end) every copy keeps the factor Algorithm 1 "
          .. "gives it, and sends factor x B bytes a second.",
      focus = { view = "timeline", step = 1 } },
    { text = "Time step 1 has Table I's factors: a and b 3/10, c and d "
          .. "7/10.",
      focus = { view = "flows" },
      ask = "When do c and d end?",
      answer = "300 MiB at 7/10 of 11.6 GiB/s: 36.08 ms (the paper: 36 ms).",
      hide = { 3, 4 } },
    { text = "At 36.08 ms c and d are done: time step 2 starts, and "
          .. "Algorithm 1 runs again on a and b alone.",
      focus = { view = "teach", step = 2, frame = "A" } },
    { text = "Nothing cuts b further down any more: it crosses the root "
          .. "complex alone at RC->SB, where 1 - tau = 0.8 is more than "
          .. "the 1/2 it brings from K0->SA.",
      focus = { frame = "C RC->SB", flow = 2 } },
    { text = "Predict the factor of a (flow 1) in time step 2.",
      focus = { frame = "D9" },
      predict = 1 },
    { text = "a and b send their remaining 171.4 MiB at 1/2 each and end "
          .. "together.",
      focus = { view = "timeline", step = 2 },
      ask = "When?",
      answer = "36.08 ms + 171.4 MiB / (1/2 x 11.6 GiB/s) = 64.94 ms (the "
            .. "paper: 65 ms)." },
  },
}
