-- A lesson step whose focus is the Flows view: the question's flow shows
-- "?" for its end, elapsed time, factor and state until = reveals them
-- (tests/golden/screens.list: lesson-hide-flows, lesson-hide-why).
return rho.scenario {
  title = "Hidden numbers in the Flows and Why views",
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
    { text = "Flow a shares K0's upstream port with b.",
      focus = { view = "flows", flow = 1 },
      ask = "What does a get after D8, and why?",
      answer = "3/10: head-of-line blocked behind b.",
      hide = { 1 } },
    { text = "Why a gets what it gets.",
      focus = { view = "explain", flow = 1 },
      ask = "Explain a's factor.",
      answer = "It shares K0->SA with b, cut to 3/10 at SB->K2.",
      hide = { 1 } },
  },
}
