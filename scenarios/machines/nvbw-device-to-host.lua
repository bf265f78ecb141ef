-- nvbandwidth device_to_host_memcpy_ce, every GPU at once,
-- on an HGX A100-like machine read from hwloc XML (hgx-a100.xml, made by
-- tests/lua/hwloc/make-xml.py): PCIe Gen4, six NVSwitches.
local node = rho.hwloc("hgx-a100.xml")
local size = rho.param("size", "1 GiB")
return rho.scenario {
  title = "nvbandwidth device_to_host_memcpy_ce, every GPU at once",
  topology = node,
  flows = rho.copies.device_to_host { devices = node, size = size },
}
