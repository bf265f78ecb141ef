-- Jain Ch. 7's configuration what-ifs, on the link model: his dragonfly of
-- 20 routers a group and 6 nodes a router (201 groups, 24,120 nodes, 16
-- ranks a node; here 21 groups and 1 rank a node, so that a sweep takes a
-- second) running Spread (15-20 random partners, 2 MiB). The knobs that
-- change link loads or the bandwidth they meet (rho.param):
--   local_bw, global_bw   link bandwidth per class (Ch. 7: 2 .. 1000 GB/s;
--                         the thesis balances its dragonfly by faster
--                         global links, the ratio not given)
--   global                L2 links per pair of groups
--   nodes                 nodes a router
--   routing               SD, AD, AH, ...
-- Under a static routing the bytes on every link do not depend on the
-- bandwidths, only the estimate does; under AD and AH the allocation moves
-- bytes toward the faster links. The thesis's finding that delay and
-- bandwidth combine as a maximum (L1919) is beyond a functional model.
-- Try: rho --sweep global=1,2,4 --plot scenarios/ch7-whatif.lua
-- golden: --plot global_bw=5GB/s,12.5GB/s,25GB/s,50GB/s
-- golden: --plot global=1,2,4
-- golden: --sweep nodes=2,4,6,8
local nodes = rho.param("nodes", 6)
return rho.scenario {
  title = "Jain Ch. 7 what-ifs: a dragonfly of 20 routers a group",
  topology = rho.dragonfly {
    groups = rho.param("groups", 21), chassis = 1, routers = 20, nodes = nodes,
    global = rho.param("global", 1),
    row_bandwidth = rho.param("local_bw", "12.5 GB/s"),
    column_bandwidth = rho.param("local_bw", "12.5 GB/s"),
    global_bandwidth = rho.param("global_bw", "12.5 GB/s"),
  },
  routing = rho.param("routing", "AH"),
  placement = "RDN",
  seed = 7,
  traffic = rho.pattern.spread { min = 15, max = 20, size = "2 MiB" },
}
