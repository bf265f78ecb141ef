return rho.scenario {
  topology = rho.torus { dims = { 3, 3 } },
  routing = "AD", placement = "RDN", seed = 2,
  jobs = { { name = "a", ranks = 4, traffic = rho.pattern.alltoall { size = "1 KiB" } } },
  traffic = rho.pattern.umesh { size = "4 KiB", min = 1, max = 3 },
}
