-- T1 with two boards: a scatter from GPU 0 followed by a gather to GPU 3.
-- The scatter is serialised by source arbitration (GPU 0 sends one copy at
-- a time); the gather's copies all arrive at GPU 3's port at once and
-- share it.
return rho.scenario {
  title = "Scatter then gather on a two-board T1",
  topology = rho.t1 { boards = 2 },
  bandwidth = "11.6 GiB/s",
  tau = 1 - 1 / 1.21,
  flows = rho.concat(
    rho.scatter { root = 0, ranks = 4, size = "32 MiB" },
    rho.gather { root = 3, ranks = 4, size = "32 MiB", start = "20 ms" }
  ),
}
