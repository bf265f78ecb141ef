-- A rho scenario of power8gpudistances.xml (hwloc's test suite), imported by
-- `rho --import hwloc tests/lua/hwloc/power8gpudistances.xml`.
-- golden: --matrix
-- 2 sockets, 4 GPUs, 0 NICs, 0 storage, 0 other devices, 4 switches.
-- A link's speed is hwloc's pci_link_speed (GB/s after line encoding)
-- times the efficiency below; a link hwloc gives no speed for has the
-- scenario's bandwidth (0 such links). Host memory (one per NUMA node) is not a
-- bottleneck unless given a bandwidth. The link between the sockets (X-Bus) is a
-- stated default, 41.6 GB/s each way: change it in rho.machine below.
-- NVLink (and XGMI, XeLink) come from hwloc's bandwidth distances (MB/s).
local topology = rho.machine("machine", {
  rho.rc("CPU0", {
    rho.host("numa0"),
    rho.switch("0002:00:00.0", {
      rho.gpu("cuda0", { link = "15.753846 GB/s", bus = "0002:01:00.0" }),
    }, { link = "7.876923 GB/s", bus = "0002:00:00.0" }),
    rho.switch("0003:00:00.0", {
      rho.gpu("cuda1", { link = "15.753846 GB/s", bus = "0003:01:00.0" }),
    }, { link = "7.876923 GB/s", bus = "0003:00:00.0" }),
  }),
  rho.rc("CPU1", {
    rho.host("numa1"),
    rho.switch("000a:00:00.0", {
      rho.gpu("cuda2", { link = "15.753846 GB/s", bus = "000a:01:00.0" }),
    }, { link = "7.876923 GB/s", bus = "000a:00:00.0" }),
    rho.switch("000b:00:00.0", {
      rho.gpu("cuda3", { link = "15.753846 GB/s", bus = "000b:01:00.0" }),
    }, { link = "7.876923 GB/s", bus = "000b:00:00.0" }),
  }),
  rho.direct("cuda0", "cuda1", { bandwidth = "40000 MB/s", kind = "nvlink" }),
  rho.direct("cuda0", "CPU0", { bandwidth = "40000 MB/s", kind = "nvlink" }),
  rho.direct("cuda1", "CPU0", { bandwidth = "40000 MB/s", kind = "nvlink" }),
  rho.direct("cuda2", "cuda3", { bandwidth = "40000 MB/s", kind = "nvlink" }),
  rho.direct("cuda2", "CPU1", { bandwidth = "40000 MB/s", kind = "nvlink" }),
  rho.direct("cuda3", "CPU1", { bandwidth = "40000 MB/s", kind = "nvlink" }),
}, { bandwidth = "41.6 GB/s", fabric = "X-Bus" })

return rho.scenario {
  title = "IBM POWER8 S822LC (4 P100, NVLink to each other and to the CPUs), from hwloc",
  topology = topology,
  efficiency = 0.8, -- payload share of a PCIe link's data rate
  bandwidth = "11.6 GiB/s", -- links of unknown speed
  flows = {
    { "cuda0", "cuda2", size = "1 GiB", label = "two GPUs across sockets" },
  },
}
