-- nvbandwidth all_to_one_write_ce: seven GPUs write to cuda0 at once,
-- on an HGX A100-like machine read from hwloc XML (hgx-a100.xml, made by
-- tests/lua/hwloc/make-xml.py): PCIe Gen4, six NVSwitches.
local node = rho.hwloc("hgx-a100.xml")
local size = rho.param("size", "1 GiB")
return rho.scenario {
  title = "nvbandwidth all_to_one_write_ce: seven GPUs write to cuda0 at once",
  topology = node,
  flows = rho.copies.all_to_one { devices = node, root = "cuda0", size = size },
}
