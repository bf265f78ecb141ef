-- A network: the routing is a parameter; a new field joins the others.
-- edits: routing SI; seed 5; paths all
return rho.scenario {
  title = "A small dragonfly",
  topology = rho.dragonfly { groups = 9, chassis = 2, routers = 4, nodes = 2, cores = 2 },
  routing = rho.param("routing", "AD"),  -- try SI, AD, AI, AH
  placement = "RDN",
  traffic = rho.pattern.umesh { size = "64 KiB" },
}
