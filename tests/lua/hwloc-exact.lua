-- args: -f yaml
-- exit: 0
-- stdout: bandwidth_Bps: 15753846000
-- Two GPUs under one PCIe switch, every link at 15.753846 GB/s, efficiency 1:
-- a lone flow gets exactly 15.753846e9 bytes per second.
return rho.scenario {
  topology = rho.hwloc("hwloc/pcie-switch.xml", { efficiency = 1 }),
  flows = { { "cuda0", "cuda1", size = "1 GiB" } },
}
