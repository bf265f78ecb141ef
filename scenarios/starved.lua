-- A starved model: with tau = 1 a copy across the root complex gets
-- 1 - tau = 0 and can never finish. rho says so and names the copy, and
-- exits with status 1, instead of looping forever. (tau near 1 is not a
-- realistic PCIe root complex; this file shows what rho does at the edge.)
return rho.scenario {
  title = "Starved: tau = 1",
  topology = rho.t2(),
  bandwidth = "11.6 GiB/s",
  tau = 1,
  flows = {
    { "2", "3", size = "10 MiB" },
    { "0", "4", size = "10 MiB", label = "can never finish" },
  },
}
