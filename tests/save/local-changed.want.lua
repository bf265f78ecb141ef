-- written by rho: the scenario as it was edited
return rho.scenario {
  title = "changed",
  topology = rho.rc("RC", {
    rho.switch("SA", {
      rho.switch("K0", {
        rho.gpu("0"),
        rho.gpu("1"),
      }),
      rho.switch("K1", {
        rho.gpu("2"),
        rho.gpu("3"),
      }),
    }),
    rho.switch("SB", {
      rho.switch("K2", {
        rho.gpu("4"),
        rho.gpu("5"),
      }),
      rho.switch("K3", {
        rho.gpu("6"),
        rho.gpu("7"),
      }),
    }),
  }),
  bandwidth = "11.6 GiB/s",
  tau = 0.3,
  placement = { "0", "1", "2", "3", "4", "5", "6", "7" },
  flows = {
    { "0", "1", size = "1 MiB" },
  },
}
