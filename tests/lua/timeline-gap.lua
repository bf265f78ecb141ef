-- args: --dump 80x16:timeline
-- exit: 0
-- stdout:  2 b→a                                                                █ 0.0000
-- Nothing sends from 8.4 ms to 1 s: the timeline is blank there (flow 2's
-- bar ran from 0 s), and flow 2's 8.4 ms at the end still shows
return rho.scenario {
  topology = rho.rc("RC", { rho.switch("S", { rho.gpu("a"), rho.gpu("b") }) }),
  flows = {
    { "a", "b", size = "100 MiB" },
    { "b", "a", size = "100 MiB", start = "1 s" },
  },
}
