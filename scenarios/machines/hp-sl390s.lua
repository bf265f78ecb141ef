-- A rho scenario of 24em64t-2n6c2t-pci.xml (hwloc's test suite), imported by
-- `rho --import hwloc tests/lua/hwloc/24em64t-2n6c2t-pci.xml`.
-- golden: --matrix
-- 2 sockets, 3 GPUs, 3 NICs, 2 storage, 1 other device, 6 switches.
-- A link's speed is hwloc's pci_link_speed (GB/s after line encoding)
-- times the efficiency below; a link hwloc gives no speed for has the
-- scenario's bandwidth (0 such links). Host memory (one per NUMA node) is not a
-- bottleneck unless given a bandwidth. The link between the sockets (inter-socket link) is a
-- stated default, 41.6 GB/s each way: change it in rho.machine below.
local topology = rho.machine("machine", {
  rho.rc("CPU0", {
    rho.host("numa0"),
    rho.switch("0000:00:01.0", {
      rho.nic("eth0", { link = "0.2 GB/s", bus = "0000:04:00.0" }),
      rho.nic("eth1", { link = "0.2 GB/s", bus = "0000:04:00.1" }),
    }, { link = "0.4 GB/s", bus = "0000:00:01.0" }),
    rho.switch("0000:00:05.0", {
      rho.nic("mlx4_0", { link = "2 GB/s", bus = "0000:05:00.0" }),
    }, { link = "2 GB/s", bus = "0000:00:05.0" }),
    rho.switch("0000:00:07.0", {
      rho.gpu("0000:06:00.0", { link = "4 GB/s", bus = "0000:06:00.0" }),
    }, { link = "4 GB/s", bus = "0000:00:07.0" }),
    rho.switch("0000:00:1e.0", {
      rho.device("display", "0000:01:03.0", { link = "0.2 GB/s", bus = "0000:01:03.0" }),
    }, { link = "0.2 GB/s", bus = "0000:00:1e.0" }),
    rho.device("storage", "sda", { link = "0.1 GB/s", bus = "0000:00:1f.2" }),
    rho.device("storage", "0000:00:1f.5", { link = "0.1 GB/s", bus = "0000:00:1f.5" }),
  }),
  rho.rc("CPU1", {
    rho.host("numa1"),
    rho.switch("0000:10:03.0", {
      rho.gpu("0000:14:00.0", { link = "4 GB/s", bus = "0000:14:00.0" }),
    }, { link = "4 GB/s", bus = "0000:10:03.0" }),
    rho.switch("0000:10:07.0", {
      rho.gpu("0000:11:00.0", { link = "4 GB/s", bus = "0000:11:00.0" }),
    }, { link = "4 GB/s", bus = "0000:10:07.0" }),
  }),
}, { bandwidth = "41.6 GB/s", fabric = "inter-socket link" })

return rho.scenario {
  title = "HP ProLiant SL390s G7 (2 sockets, 3 Tesla GPUs, InfiniBand), from hwloc",
  topology = topology,
  efficiency = 0.8, -- payload share of a PCIe link's data rate
  bandwidth = "11.6 GiB/s", -- links of unknown speed
  flows = {
    { "0000:06:00.0", "0000:14:00.0", size = "1 GiB", label = "two GPUs across sockets" },
  },
}
