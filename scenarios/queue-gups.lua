-- Seed 004 (Chen, Denzel, Luijten), Sec. IV-A: GUPS on the three-level
-- exploratory direct network -- 24-byte packets to uniformly random
-- destinations, 8 nodes a board, 16 boards a rack, 512 racks. The paper
-- gives the levels' arrival ratios v = 3.5 : 2 : 1 and the normalised
-- aggregate capacities 3.82 : 1.02 : 1.30 (with 5, 10, 10 GB/s links);
-- they cannot be derived again from its text (digest 2.6), so they are
-- given here as the paper's own form of the model: rho.levels.
--
-- Level 2 is the bottleneck as built (the paper's L204); under the same
-- total bandwidth, the equal split gives 1.147 times the throughput and
-- Theorem 3.3's optimal split (mu proportional to v) 1.852 times; the
-- "reversed" split (the paper's policy 3, mu1 < mu2 < mu3) saturates
-- level 1 at any load.
-- golden: --sweep split=built,equal,optimal,reversed --sweep load=0:1.5:0.25
return rho.scenario {
  title = "GUPS on the 3-level exploratory network (seed 004, Fig. 8)",
  topology = rho.levels {
    { "L1", v = 3.5, capacity = "3.82 GB/s" },
    { "L2", v = 2,   capacity = "1.02 GB/s" },
    { "L3", v = 1,   capacity = "1.30 GB/s" },
  },
  queue = {
    load = rho.param("load", 0.5),   -- of the saturation as built
    split = rho.param("split", "built"),
    packet = "24 B",
    delay = "aggregate",             -- the paper's single server per level
  },
}
