-- Seed 004, Sec. IV-B: slimming a fat-tree. The paper's 4-ary 4-tree
-- (256 nodes; four link levels: the nodes' links, then three of switches)
-- is rho's radix-8, 4-level fat-tree with injection links. UMT2K's traces
-- are not in the paper: a 3D halo exchange on an 8x8x4 grid stands in for
-- its near-neighbour traffic. Sequential placement keeps messages low (v =
-- 2, 4/3, 5/6, 1/3); random placement sends three quarters of them over
-- the top (v = 2, 1.98, 1.89, 1.52, near uniform traffic's 2, 1.976,
-- 1.882, 1.506). Slimming each level by 25, 50 or 75 % of the one below
-- (slim = 0.25, ...) keeps 1, 0.6 and 0.094 of the saturation throughput
-- with sequential placement, 0.56, 0.17 and 0.02 with random: random
-- placement suffers far more, and this tall tree more than the 16-ary
-- 2-tree (queue-fattree-16ary2.lua).
-- golden: --sweep placement=linear,random --sweep slim=0,0.25,0.5,0.75
return rho.scenario {
  title = "UMT2K-like 3D halo on a 4-ary 4-tree, slimmed (seed 004, Fig. 9)",
  topology = rho.fattree { k = 8, levels = 4, bandwidth = "1 GB/s",
                           injection = "1 GB/s" },
  routing = "SD",
  placement = rho.param("placement", "linear"),
  seed = 4,
  traffic = rho.pattern.stencil { nd = 3, size = "64 KiB" },
  queue = {
    load = rho.param("load", 0.5),   -- of the saturation as built
    slim = rho.param("slim", 0),
    packet = "256 B",
  },
}
