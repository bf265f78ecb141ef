-- A DGX-1-like server, written by hand: two Xeon sockets joined by two
-- QPI links, each socket with two PCIe Gen3 switches holding two V100
-- GPUs and an InfiniBand NIC, host memory per socket, and the V100
-- "hybrid cube-mesh" of NVLink 2 (six links of 25 GB/s per GPU: one or
-- two to each of four others). GPU pairs without NVLink go over PCIe.
-- golden: --matrix
-- golden: --explain 2
local function board(sw, a, b, nic)
  return rho.switch(sw, {
    rho.gpu(a, { link = "Gen3 x16" }),
    rho.gpu(b, { link = "Gen3 x16" }),
    rho.nic(nic, { link = "Gen3 x16" }),
  }, { link = "Gen3 x16" })
end

local node = rho.machine("dgx", {
  rho.rc("CPU0", {
    rho.host("mem0"),
    board("PLX0", "gpu0", "gpu1", "mlx5_0"),
    board("PLX1", "gpu2", "gpu3", "mlx5_1"),
  }),
  rho.rc("CPU1", {
    rho.host("mem1"),
    board("PLX2", "gpu4", "gpu5", "mlx5_2"),
    board("PLX3", "gpu6", "gpu7", "mlx5_3"),
  }),
  -- NVLink: count = bricks between the two GPUs
  rho.nvlink("gpu0", "gpu1"), rho.nvlink("gpu0", "gpu2"),
  rho.nvlink("gpu0", "gpu3", { count = 2 }), rho.nvlink("gpu0", "gpu4", { count = 2 }),
  rho.nvlink("gpu1", "gpu2", { count = 2 }), rho.nvlink("gpu1", "gpu3"),
  rho.nvlink("gpu1", "gpu5", { count = 2 }), rho.nvlink("gpu2", "gpu3", { count = 2 }),
  rho.nvlink("gpu2", "gpu6"), rho.nvlink("gpu3", "gpu7"),
  rho.nvlink("gpu4", "gpu5"), rho.nvlink("gpu4", "gpu6"),
  rho.nvlink("gpu4", "gpu7", { count = 2 }), rho.nvlink("gpu5", "gpu6", { count = 2 }),
  rho.nvlink("gpu5", "gpu7"), rho.nvlink("gpu6", "gpu7", { count = 2 }),
}, { bandwidth = "38.4 GB/s", fabric = "QPI" })

return rho.scenario {
  title = "DGX-1-like: 8 V100, NVLink cube-mesh, PCIe Gen3 switches, 2 sockets",
  topology = node,
  efficiency = 0.8,
  flows = {
    { "gpu0", "gpu3", size = "1 GiB", label = "2 NVLinks" },
    { "gpu1", "gpu6", size = "1 GiB", label = "no NVLink: PCIe and QPI" },
    { "gpu2", "mlx5_1", size = "1 GiB", label = "GPUDirect RDMA to the NIC beside it" },
    { "mem0", "gpu0", size = "1 GiB", label = "host to device" },
    { "gpu5", "gpu4", size = "1 GiB", label = "forced over PCIe", via = "pcie" },
  },
}
