-- Seed 004 with uniform traffic (the digest's 2.6 check of random
-- placement): all-to-all on the paper's 4-ary 4-tree (rho's radix-8,
-- 4-level fat-tree with injection links, 256 nodes). The visit ratios are
-- exactly v_l = 2 (N - 4^(l-1)) / (N - 1) = 2, 168/85, 32/17, 128/85, and
-- the share of messages whose highest level is 1..4 is 1.18, 4.71, 18.82
-- and 75.29 %. Slimming each level by 25, 50, 75 % of the one below keeps
-- 0.560, 0.166 and 0.021 of the saturation throughput; Theorem 3.3's
-- split (mu proportional to v) gives 8.6 % more than the equal one.
-- golden: --sweep slim=0,0.25,0.5,0.75
-- golden: --sweep split=built,optimal,reversed --sweep load=0:1.5:0.25
return rho.scenario {
  title = "Uniform traffic on a 4-ary 4-tree (seed 004, digest 2.6)",
  topology = rho.fattree { k = 8, levels = 4, bandwidth = "1 GB/s",
                           injection = "1 GB/s" },
  routing = "SD",
  traffic = rho.pattern.alltoall { size = "4 KiB" },
  queue = {
    load = rho.param("load", 0.5),
    slim = rho.param("slim", 0),
    split = rho.param("split", "built"),
  },
}
