-- args: -m queue
-- exit: 0
-- stdout: L0-L1  1.3333  L0.0->L1.0    262.1 us  262.1 us      1.000  357.6 GiB/s           44.4%
-- The hottest link's utilisation follows the slimmed capacities, as the
-- Queue view shows it: 44.4% = the level's (imbalance 1), not 33.3% of
-- the links as built (seed 004's 4-ary 4-tree, slimmed by 0.25)
return rho.scenario {
  title = "slimmed, compared link by link",
  topology = rho.fattree { k = 8, levels = 4, bandwidth = "1 GB/s", injection = "1 GB/s" },
  routing = "SD", placement = "linear", seed = 4,
  traffic = rho.pattern.stencil { nd = 3, size = "64 KiB" },
  queue = { load = 0.5, slim = 0.25, packet = "256 B", compare = true },
}
