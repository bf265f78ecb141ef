-- All-to-all among the 8 GPUs of T1, shifted order: at step k every GPU
-- sends to GPU + k (mod 8). Each GPU sends one copy at a time, so the
-- 56 copies run as 7 rounds whose contention the model resolves.
return rho.scenario {
  title = "All-to-all on T1 (shift order)",
  topology = rho.t1(),
  bandwidth = "11.6 GiB/s",
  tau = 1 - 1 / 1.21,
  flows = rho.alltoall { ranks = 8, size = "16 MiB", order = "shift" },
}
