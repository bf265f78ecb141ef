-- Jain Table 3.4: workload 1 (five jobs: UMesh, 2D stencil, 4D stencil,
-- many-to-many, spread) sharing 40 dragonfly groups of 6x16 routers,
-- placed by random routers. Traffic is attributed per job.
local net = rho.network "df-40"
return rho.scenario {
  title = "Workload 1 on 40 dragonfly groups",
  topology = net,
  routing = rho.param("routing", "SD"),
  placement = rho.param("placement", "RDR"),
  seed = 7,
  jobs = rho.workload(1, net:ranks()),
}
