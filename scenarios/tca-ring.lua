-- A PEACH2/TCA sub-cluster (seeds 003/004): two rings of 8 nodes joined
-- by PEACH2 boards; inside each node two sockets joined by QPI, four GPUs
-- and the PEACH2 port on PCIe. Node i's endpoints are i*5 + 0..4 (gpu0 to
-- gpu3, then the host). gpu0 of every node sends 4 MiB to gpu0 of the
-- node four places on along its ring (the farthest), so both ring
-- directions carry traffic and the PCIe links to the PEACH2 ports are the
-- bottleneck.
-- golden: --links
local net = rho.tca { rings = 2, nodes = 8 }
local flows = {}
for ring = 0, 1 do
  for k = 0, 7 do
    local from, to = ring * 8 + k, ring * 8 + (k + 4) % 8
    flows[#flows + 1] = { from * 5, to * 5, size = "4 MiB" }
  end
end
return rho.scenario {
  title = "PEACH2/TCA: gpu0 to the farthest node of its ring",
  topology = net,
  routing = "SD",
  flows = flows,
}
