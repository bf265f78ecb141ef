-- golden: --stepper
-- Lesson 3: head-of-line blocking, Table I (SC16 Sec. IV-D, Eq. 8-9,
-- Example 3 and Sec. VI).
--
-- The paper's worked example on T2 with tau = 1/5: 0->2, 1->4, 3->2 and
-- 6->4 start together. After step C they have 1/2, 3/10, 1/2 and 7/10.
-- 0->2 and 1->4 share K0's upstream port; 1->4 is cut to 3/10 at SB->K2,
-- further down its path, and starves the buffer they share of credits:
-- 0->2 drops to 3/10 (D8, Example 3's rule). What 0->2 no longer uses at
-- K1->2 goes to 3->2, which rises to 7/10 (D9).
return rho.scenario {
  title = "Lesson 3: head-of-line blocking (Table I)",
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
    { text = "The paper's Table I: four 300 MiB copies start together on "
          .. "T2, tau = 1/5. Step A: every GPU sends one copy, all start "
          .. "at 1.",
      focus = { view = "teach", frame = "A", step = 1 } },
    { text = "Step B at K0->SA: a (0->2) and b (1->4) share K0's upstream "
          .. "port and bring 1 + 1 = 2. Each is halved (Eq. 6).",
      focus = { frame = "B K0->SA", flow = 1 } },
    { text = "Step C at SB->K2: b crossed the root complex, d (6->4) did "
          .. "not. Two super communications, round robin with the "
          .. "penalty.",
      focus = { frame = "C SB->K2", flow = 2 },
      ask = "What do b and d get at SB->K2?",
      answer = "b: 1/2 - tau = 3/10 (it brings 1/2, so it keeps 3/10 of "
            .. "it); d: 1/2 + tau = 7/10.",
      hide = { 2, 4 } },
    { text = "Step C at K1->2: a (from SA) and c (3->2, from GPU 3) are two "
          .. "super communications: 1/2 each.",
      focus = { frame = "C K1->2", flow = 3 } },
    { text = "Step D8. a and b entered K0->SA together, and b is cut to 3/10 "
          .. "further down, at SB->K2, a port a never crosses. The buffer "
          .. "at SA that a and b share fills with b's packets, waiting for "
          .. "credits from SB->K2.",
      focus = { frame = "D8", flow = 1 },
      ask = "After step C, a had 1/2. What does it get after D8, and why?",
      answer = "3/10: it is head-of-line blocked behind b (Eq. 8), the "
            .. "lowest factor of a flow it shares a port with, at a port "
            .. "after the shared one.",
      hide = { 1 } },
    { text = "Step D9: a now uses only 3/10 at K1->2, where it had 1/2. "
          .. "The port's other flow takes what a leaves (Eq. 9).",
      focus = { frame = "D9", flow = 3 },
      predict = 3 },
  },
}
