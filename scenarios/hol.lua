-- golden: --stepper
-- golden: --explain 1
-- golden: --explain 2
-- golden: --explain 4
-- Head-of-line blocking (SC16 Sec. III-C, Example 3, Fig. 5c).
-- Three GPUs under switch SA send through SA's one upstream port and the
-- root complex into SB. Copy a goes on down to switch K, where it meets
-- two local copies at the same port and gets 1/3 - tau. Copies b and c
-- never go near K, yet they share SA's upstream port and the RC's port
-- with a: the credits a cannot use at K starve that shared path, so b and
-- c drop to a's factor (D8). What they give up goes to a at those ports
-- (D9), but a stays limited at K.
--
--   rho --batch --steps scenarios/hol.lua
-- gives a, b, c: 2/15 = 0.1333 and d, e: 8/15 = 0.5333.
return rho.scenario {
  title = "Head-of-line blocking",
  topology = rho.rc("RC", {
    rho.switch("SA", { rho.gpu("a0"), rho.gpu("a1"), rho.gpu("a2") }),
    rho.switch("SB", {
      rho.gpu("b1"), rho.gpu("b2"),
      rho.switch("K", { rho.gpu("k0"), rho.gpu("k1"), rho.gpu("k2") }),
    }),
  }),
  bandwidth = "11.6 GiB/s",
  tau = 0.2,
  size = "100 MiB",
  flows = {
    { "a0", "k0", label = "a: limited at K->k0" },
    { "a1", "b1", label = "b: HOL-blocked behind a" },
    { "a2", "b2", label = "c: HOL-blocked behind a" },
    { "k1", "k0", label = "d" },
    { "k2", "k0", label = "e" },
  },
}
