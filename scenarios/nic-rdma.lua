-- GPUs and NICs under the same switches (GPUDirect RDMA style): each
-- switch holds two GPUs and a NIC. GPUs send to their own switch's NIC or
-- to the NIC across the root complex. Endpoints need not be GPUs: any
-- rho.device("kind", name) can send and receive.
return rho.scenario {
  title = "GPUs and NICs sharing switches",
  topology = rho.rc("RC", {
    rho.switch("PLX0", { rho.gpu("gpu0"), rho.gpu("gpu1"), rho.nic("mlx0") }),
    rho.switch("PLX1", { rho.gpu("gpu2"), rho.gpu("gpu3"), rho.nic("mlx1") }),
    rho.device("nvme", "ssd0"),
  }),
  bandwidth = "12 GB/s",
  tau = 1 - 1 / 1.21,
  size = "64 MiB",
  flows = {
    { "gpu0", "mlx0" }, { "gpu1", "mlx0" },   -- local: share mlx0's port
    { "gpu2", "mlx0" },                       -- remote: crosses the RC
    { "gpu3", "mlx1" },
    { "ssd0", "gpu1", size = "256 MiB", label = "storage read" },
  },
}
