-- golden: --stepper
-- golden: --explain 1
-- golden: --explain 2
-- golden: --explain 3
-- golden: --explain 4
-- The worked example of Martinasso et al. (SC16), Sec. VI: Table I
-- (factors after each step of Algorithm 1) and Table II (the congestion
-- graph through time). Four 300 MiB copies start together on topology T2.
--
--   rho --batch --steps scenarios/table1.lua     Table I
--   rho --batch --timeline scenarios/table1.lua  Table II
--
-- Expected: 3->2 and 6->4 end at 36.08 ms, 0->2 and 1->4 at 64.94 ms.
local function k80(name, a, b)
  return rho.switch(name, { rho.gpu(a), rho.gpu(b) })
end
return rho.scenario {
  title = "Table I",
  topology = rho.rc("RC", {
    rho.switch("SA", { k80("K0", "0", "1"), k80("K1", "2", "3") }),
    rho.switch("SB", { k80("K2", "4", "5"), k80("K3", "6", "7") }),
  }),
  bandwidth = "11.6 GiB/s",
  tau = 0.2,
  flows = {
    { "0", "2", size = "300 MiB" },
    { "1", "4", size = "300 MiB" },
    { "3", "2", size = "300 MiB" },
    { "6", "4", size = "300 MiB", start = "0 ms" },
  },
}
