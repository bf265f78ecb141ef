-- golden: --search
-- Lesson 5: halo exchanges, and why the order of the copies matters
-- (SC16 Sec. VIII-A, Fig. 8 and 9).
--
-- COSMO's 2D halo exchange on T2: eight GPUs in a 2x4 grid, each sending
-- one 254 KiB face to each neighbour, one copy at a time, in an order of
-- its own: (3!)^4 (2!)^4 = 20,736 schedules. The slowest takes 1.88x the
-- fastest (the paper: 1.9x); the order in the script ranks 1,245th.
return rho.scenario {
  title = "Lesson 5: halo exchanges and the order of copies",
  topology = rho.t2(),
  bandwidth = "11.6 GiB/s",
  tau = 1 - 1 / 1.21,
  placement = { "0", "1", "2", "3", "4", "5", "6", "7" },
  flows = rho.halo { dims = { 4, 2 }, size = "254 KiB" },
  lesson = {
    { text = "A halo exchange of a 2D domain decomposition (COSMO, the "
          .. "weather model of MeteoSwiss) on one socket of a CS-Storm "
          .. "node: GPUs 0-3 and 4-7 are the two rows of a 2x4 grid.",
      focus = { view = "tree" } },
    { text = "Each GPU sends its faces one at a time (step A). Which copy "
          .. "goes first decides who meets whom at each port -- and who "
          .. "crosses the root complex at the same time.",
      focus = { view = "flows" } },
    { text = "The timeline shows the copies of this order, the script's.",
      focus = { view = "timeline" } },
    { text = "The schedule search tries all 20,736 orders (press S).",
      focus = { view = "search" },
      ask = "How much longer does the slowest order take than the fastest?",
      answer = "1.88x (201.3 us against 107.1 us; the paper measured 1.9x). "
            .. "The script's order is 1.23x the fastest." },
    { text = "The fastest orders are rings: in each round every GPU sends "
          .. "in the same direction, so that few copies cross the root "
          .. "complex in the same direction at once (Fig. 8). Enter opens "
          .. "the fastest schedule in the other views.",
      ask = "Why can a model help here, when measuring every order cannot?",
      answer = "20,736 orders of a 2D exchange, 1,679,616 of a 3D one: "
            .. "rho evaluates them all in seconds; measuring takes hours "
            .. "and is noisy." },
  },
}
