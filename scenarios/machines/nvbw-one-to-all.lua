-- nvbandwidth one_to_all_write_ce: cuda0 writes to seven GPUs at once,
-- on an HGX A100-like machine read from hwloc XML (hgx-a100.xml, made by
-- tests/lua/hwloc/make-xml.py): PCIe Gen4, six NVSwitches.
local node = rho.hwloc("hgx-a100.xml")
local size = rho.param("size", "1 GiB")
return rho.scenario {
  title = "nvbandwidth one_to_all_write_ce: cuda0 writes to seven GPUs at once",
  topology = node,
  flows = rho.copies.one_to_all { devices = node, root = "cuda0", size = size },
}
