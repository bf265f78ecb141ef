-- golden: --stepper
-- Lesson 2: downstream ports share round robin, and the root complex
-- costs tau (SC16 Sec. III-B and IV-C, Eq. 7, Example 2 and Fig. 5b).
--
-- Copy a comes from switch SA across the root complex into switch SB,
-- copy b from a GPU of SB itself; both go to GPU t: the paper's port 17.
-- Their GPUs' links run at 0.7 and 0.9 of B, so they bring Example 2's
-- R = 0.7 and 0.9 into SB->t. With tau = 0.2 round robin gives the group
-- that crossed the root complex 1/2 - tau = 0.3 and the other 1/2 + tau
-- = 0.7. A third copy crosses the root complex alone, from SC to SD: a
-- port of the root complex always arbitrates, so it gets 1 - tau = 0.8.
local B = 11.6
return rho.scenario {
  title = "Lesson 2: downstream round robin and the root complex",
  topology = rho.rc("RC", {
    rho.switch("SA", { rho.gpu("a0", { bandwidth = (0.7 * B) .. " GiB/s" }) }),
    rho.switch("SB", { rho.gpu("b0", { bandwidth = (0.9 * B) .. " GiB/s" }), rho.gpu("t") }),
    rho.switch("SC", { rho.gpu("l0") }),
    rho.switch("SD", { rho.gpu("l1") }),
  }),
  bandwidth = B .. " GiB/s",
  tau = 0.2,
  size = "100 MiB",
  flows = {
    { "l0", "l1", label = "alone across the RC" },
    { "a0", "t", label = "a: across the RC, R 0.7" },
    { "b0", "t", label = "b: from SB, R 0.9" },
  },
  lesson = {
    { text = "Three copies. Flow 1 crosses the root complex alone; flows 2 "
          .. "(a) and 3 (b) meet at SB's port to GPU t, a having crossed "
          .. "the root complex on its way.",
      focus = { view = "tree", flow = 2 } },
    { text = "Step C goes down from the root complex. The RC's port to SD "
          .. "carries flow 1 alone, and it has the full link.",
      focus = { view = "teach", frame = "C RC->SD" },
      ask = "What factor does the lone copy get?",
      answer = "1 - tau = 0.8: a port of the root complex always "
            .. "arbitrates, and the penalty tau applies even to a copy "
            .. "that is alone (the paper measured a lone crossing at 1/1.21 "
            .. "of the bandwidth).",
      hide = { 1 } },
    { text = "At SB->t two super communications meet: a, which entered SB "
          .. "from the root complex with R = 0.7, and b, from b0 with R = "
          .. "0.9. Round robin would give each 1/2, never more than it "
          .. "brings.",
      focus = { frame = "C SB->t" },
      ask = "With tau = 0.2, what shares of SB->t do a and b get?",
      answer = "a: min(1/2 - tau, 0.7) = 0.3; b: min(1/2 + tau, 0.9) = 0.7 "
            .. "(Eq. 7, Example 2). As factors of their own links: "
            .. "0.3/0.7 = 3/7 and 0.7/0.9 = 7/9.",
      hide = { 2, 3 } },
    { text = "The penalty moves bandwidth from the copies that crossed the "
          .. "root complex to the others: the port stays full, 0.3 + 0.7 "
          .. "= 1.",
      focus = { view = "tree", flow = 3 } },
    { text = "Predict the factor of the lone crossing (flow 1) after D9.",
      focus = { view = "teach", frame = "D9" },
      predict = 1 },
  },
}
