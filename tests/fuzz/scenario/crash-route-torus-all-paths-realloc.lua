-- A 4x4 mesh (no wrap-around) where one message may take every minimal
-- path: paths = "all" splits its bytes evenly over the 20 interleavings
-- of 3 steps in x and 3 in y, so the links near the corners carry most.
-- Compare with routing = "DOR", which puts all of it on one L-shaped path.
-- golden: --links
return rho.scenario {
  title = "4x4 mesh, one message over all minimal paths",
  topology = rho.mesh { dims = { 4, 4 }, bandwidth = "1 GB/s" },
  routing = rho.param("routing", "SD"),
  paths = "all",
  flows = { { 0, 15, size = "20 MiB" } },
}
