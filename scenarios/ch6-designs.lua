-- Jain Ch. 6: the same workload on the three prototype designs of Table
-- 6.1, built by the thesis's formulas for a node count: a torus (radix 13:
-- 6D, one node a router), a dragonfly (radix 6 ceil((n/18)^(1/4)), r/6
-- nodes a router, r/2 routers a group, global links sped up when fewer
-- than r/3 are used) and a 3-level fat-tree (radix 2 ceil(n^(1/3))), each
-- with the placement the thesis found best (blocked -- with one rank a
-- node, linear -- on the torus, random nodes on the dragonfly, linear on
-- the fat-tree) and 12.5 GB/s links. The thesis's systems are 46,656
-- nodes of 64 ranks; here 512 nodes of 1 rank, so that the three run in a
-- second: try -p nodes=4096, or -p pattern=spread. The Ch. 6 patterns
-- (rho.param "pattern"): stencil4d, nn (20-30 partners within 2000),
-- a2a (all-to-all along two dimensions of a 3D grid), perm (reverse),
-- spread. net:cost() gives Sec. 6.3's cost of the design, and
--   rho --compare network=torus,dragonfly,fattree scenarios/ch6-designs.lua
-- sets the designs side by side with their costs and rates per dollar
-- (Sec. 6.4).
-- golden: --compare network=torus,dragonfly,fattree
-- golden: --sweep network=torus,dragonfly,fattree
local family = rho.param("network", "fattree")
local nodes = rho.param("nodes", 512)
local pattern = rho.param("pattern", "stencil4d")
local size = rho.param("size", "512 KiB")
local net = rho.prototype { family = family, nodes = nodes }
local placement = ({ torus = "linear", dragonfly = "RDN", fattree = "linear" })[family]
local traffic = ({
  stencil4d = rho.pattern.stencil { nd = 4, size = size },
  nn = rho.pattern.near { min = 20, max = 30, window = 2000, size = size },
  a2a = rho.pattern.suba2a { nd = 3, along = { 1, 2 }, size = size },
  perm = rho.pattern.permutation { size = size },
  spread = rho.pattern.spread { min = 15, max = 20, size = size },
})[pattern]
assert(traffic, "pattern: stencil4d, nn, a2a, perm or spread")
return rho.scenario {
  title = "Jain Table 6.1 " .. family .. ", " .. pattern,
  topology = net,
  routing = rho.param("routing", family == "dragonfly" and "AH" or "AD"),
  placement = placement,
  traffic = traffic,
}
