-- p2pBandwidthLatencyTest bidirectional: pairs copy both ways at once,
-- on an HGX A100-like machine read from hwloc XML (hgx-a100.xml, made by
-- tests/lua/hwloc/make-xml.py): PCIe Gen4, six NVSwitches.
local node = rho.hwloc("hgx-a100.xml")
local size = rho.param("size", "1 GiB")
return rho.scenario {
  title = "p2pBandwidthLatencyTest bidirectional: pairs copy both ways at once",
  topology = node,
  flows = rho.copies.bidirectional { devices = node, size = size },
}
