-- golden: --explain 5
-- golden: --explain 7
-- rho's default scenario: one socket of a Cray CS-Storm node (topology T2
-- of Martinasso et al., SC16): the root complex joins two PCIe switches,
-- each holding two NVIDIA K80 boards of two GPUs.
--
-- Four copies start together (the paper's Table I): 0->2 and 1->4 share
-- K0's upstream port; 1->4 crosses the root complex and loses tau there;
-- 0->2 is head-of-line blocked behind it. Later GPU 7 sends to GPU 0 while
-- the first copies are still running, and GPU 5 queues two copies (a
-- source sends one at a time, first come first served).
--
-- Try: rho --batch --steps scenarios/default.lua (Algorithm 1 step by step)
return rho.scenario {
  title = "CS-Storm socket (T2): the paper's example and a little more",
  topology = rho.t2(),
  bandwidth = "11.6 GiB/s",   -- measured between the two GPUs of a K80
  tau = 0.2,                  -- the paper's Table I uses 1/5
  flows = {
    { "0", "2", size = "300 MiB" },
    { "1", "4", size = "300 MiB" },
    { "3", "2", size = "300 MiB" },
    { "6", "4", size = "300 MiB" },
    { "7", "0", size = "100 MiB", start = "20 ms" },
    { "5", "1", size = "50 MiB", start = "10 ms" },
    { "5", "6", size = "50 MiB", start = "10 ms" },
  },
}
