return rho.scenario {
  topology = rho.dragonfly { groups = 3, chassis = 1, routers = 2, nodes = 1, cores = 1 },
  routing = "AH",
  flows = { { 0, 3, size = "1 MiB" } },
}
