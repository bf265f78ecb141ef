-- Seed 004, Sec. IV-B: slimming a fat-tree. The paper's 16-ary 2-tree
-- (256 nodes; two link levels: the nodes' links, then the switches') is
-- rho's radix-32, 2-level fat-tree with injection links. A 3D halo on an
-- 8x8x4 grid stands in for UMT2K (see queue-fattree-4ary4.lua).
-- Sequential placement keeps most messages inside a leaf (v = 2, 5/6):
-- slimming the switches' links by up to 58 % costs no saturation
-- throughput at all (the nodes' links stay the bottleneck), 75 % keeps
-- 0.6 of it; random placement (v = 2, 1.89) loses from the first step
-- (0.80, 0.53, 0.27 at 25, 50, 75 %, as uniform traffic would).
-- golden: --sweep placement=linear,random --sweep slim=0,0.25,0.5,0.75
return rho.scenario {
  title = "UMT2K-like 3D halo on a 16-ary 2-tree, slimmed (seed 004, Fig. 9)",
  topology = rho.fattree { k = 32, levels = 2, bandwidth = "1 GB/s",
                           injection = "1 GB/s" },
  routing = "SD",
  placement = rho.param("placement", "linear"),
  seed = 4,
  traffic = rho.pattern.stencil { nd = 3, size = "64 KiB" },
  queue = {
    load = rho.param("load", 0.5),
    slim = rho.param("slim", 0),
    packet = "256 B",
  },
}
