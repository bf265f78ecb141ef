-- golden: --stepper
-- Lesson 1: upstream ports share in proportion (SC16 Sec. IV-B, Eq. 5-6,
-- Example 1 and Fig. 5a).
--
-- Four GPUs under two switches X and Y send through switch Z's one
-- upstream port (the paper's port 6) to four GPUs behind the root complex.
-- Their links run at 0.6, 0.4, 0.3 and 0.5 of B, so that the shares of
-- the link they bring into Z are the paper's Example 1: 0.6 and 0.4 from
-- port 4 (X), 0.3 and 0.5 from port 5 (Y). They add up to 1.8: Eq. 6
-- divides each by 1.8, and the shares leaving Z are 1/3, 2/9, 1/6 and
-- 5/18 (the paper's .33 .22 .17 .28). tau = 0 leaves the root complex out
-- of it until lesson 2.
--
--   rho scenarios/lessons/01-upstream.lua      (or rho --lesson 1)
--   rho --handout --lesson 1                   a handout for the class
local B = 11.6 -- GiB/s, the paper's measured x16 Gen3 bandwidth
local function gpu(name, share)
  return rho.gpu(name, { bandwidth = string.format("%.4g GiB/s", share * B) })
end
return rho.scenario {
  title = "Lesson 1: upstream ports share in proportion",
  topology = rho.rc("RC", {
    rho.switch("Z", {
      rho.switch("X", { gpu("a", 0.6), gpu("b", 0.4) }),
      rho.switch("Y", { gpu("c", 0.3), gpu("d", 0.5) }),
    }),
    rho.switch("W", { rho.gpu("wa"), rho.gpu("wb"), rho.gpu("wc"), rho.gpu("wd") }),
  }),
  bandwidth = B .. " GiB/s",
  tau = 0,
  size = "100 MiB",
  flows = {
    { "a", "wa", label = "a: a 0.6 link" },
    { "b", "wb", label = "b: a 0.4 link" },
    { "c", "wc", label = "c: a 0.3 link" },
    { "d", "wd", label = "d: a 0.5 link" },
  },
  lesson = {
    { text = "Four copies leave switch Z by its one upstream port, Z->RC. "
          .. "Their GPUs' links run at 0.6, 0.4, 0.3 and 0.5 of B, so each "
          .. "copy alone would fill that share of Z's link: the inputs of "
          .. "the paper's Example 1.",
      focus = { view = "tree", flow = 1 } },
    { text = "Algorithm 1 starts with step A: every GPU sends one copy, so "
          .. "all four start with factor 1 -- each may send as fast as its "
          .. "own link allows.",
      focus = { view = "teach", frame = "A" } },
    { text = "Step B goes up from the deepest switch. At X->Z, a and b "
          .. "bring 0.6 + 0.4 = 1 of the link: it is not oversubscribed, "
          .. "nothing changes. The same at Y->Z with 0.3 + 0.5 = 0.8.",
      focus = { frame = "B X->Z" } },
    { text = "At Z->RC all four meet: 0.6 + 0.4 + 0.3 + 0.5 = 1.8 > 1.",
      focus = { frame = "B Z->RC" },
      ask = "What share of Z->RC does each copy get?",
      answer = "Eq. 6 divides each by the sum 1.8: a 0.6/1.8 = 1/3, "
            .. "b 2/9, c 1/6, d 5/18 -- the paper's .33 .22 .17 .28. "
            .. "The frames of step C show them as R.",
      hide = { 1, 2, 3, 4 } },
    { text = "Upstream arbitration is proportional: every copy keeps its "
          .. "proportion, and none is favoured for being first or fast. "
          .. "A factor is the share of a copy's own speed it gets.",
      focus = { frame = "D9" } },
    { text = "Predict the factor of copy c (flow 3) after step D9.",
      predict = 3, tolerance = 0.005 },
  },
}
