-- A k = 4, 3-level fat-tree in the thesis's construction (8 nodes, 10
-- switches: 4 leaves, 4 in the middle, 2 at the top) with up/down routing:
-- a transpose-like shift permutation, where every message leaves its pod,
-- so the even split over the core switches shows.
-- golden: --links
return rho.scenario {
  title = "k=4 fat-tree, shift permutation",
  topology = rho.fattree { k = 4, levels = 3, bandwidth = "12.5 GB/s" },
  routing = "SD",
  traffic = rho.pattern.permutation { how = "shift", size = "8 MiB" },
}
