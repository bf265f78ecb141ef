-- nvbandwidth host_to_device_memcpy_ce, every GPU at once: they share their switches' uplinks,
-- on an HGX A100-like machine read from hwloc XML (hgx-a100.xml, made by
-- tests/lua/hwloc/make-xml.py): PCIe Gen4, six NVSwitches.
local node = rho.hwloc("hgx-a100.xml")
local size = rho.param("size", "1 GiB")
return rho.scenario {
  title = "nvbandwidth host_to_device_memcpy_ce, every GPU at once: they share their switches' uplinks",
  topology = node,
  flows = rho.copies.host_to_device { devices = node, size = size },
}
