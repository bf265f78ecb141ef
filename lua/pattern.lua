-- rho's Lua library: traffic and placements for the link-utilization
-- model. These are descriptions: rho.scenario (in C) makes the generator
-- once it knows how many ranks a job has, and streams its messages, so a
-- pattern over millions of ranks costs nothing here.
--
--   traffic = rho.pattern.umesh { size = "512 KiB" }
--   jobs = { { traffic = rho.pattern.stencil { nd = 2 }, ranks = 1024 },
--            { traffic = rho.pattern.alltoall {}, ranks = 64 } }
--   placement = "RDN"            -- or rho.place.blocked{}, rho.place.rubik{}
local rho, lib = ...
local math = lib.math
local pattern = {}
local place = lib.place -- rho.place, shown by place.lua

local function describe(kind, fname, opts, allowed)
  opts = opts or {}
  allowed.size = true
  allowed.seed = true
  lib.options(fname, opts, allowed)
  local d = { _rho = "pattern", kind = kind, line = lib.line() }
  for k, v in pairs(opts) do d[k] = v end
  return d
end

--- rho.pattern.umesh{size=, min=6, max=20, window=30, symmetric=false}:
--- Jain's unstructured mesh: each rank sends to min..max distinct partners
--- within window ranks of itself (512 KiB messages unless size says).
function pattern.umesh(opts)
  return describe("umesh", "rho.pattern.umesh", opts,
                  { min = true, max = true, window = true, symmetric = true })
end

--- rho.pattern.near{size=, min=, max=, window=}: near-neighbour traffic
--- (UMesh with your own numbers; Ch. 6's is min 20, max 30, window 2000).
function pattern.near(opts)
  return describe("near", "rho.pattern.near", opts,
                  { min = true, max = true, window = true, symmetric = true })
end

--- rho.pattern.spread{size=, min=6, max=20}: uniform random partners.
function pattern.spread(opts)
  return describe("spread", "rho.pattern.spread", opts,
                  { min = true, max = true })
end

--- rho.pattern.stencil{size=, dims=, nd=2, periodic=true, corners=false,
--- along=}: a halo exchange on a grid of the job's ranks (dims, or the
--- most nearly equal nd-dimensional grid); corners adds the diagonal
--- neighbours; along (1-based dimensions) keeps only those neighbours.
function pattern.stencil(opts)
  return describe("stencil", "rho.pattern.stencil", opts,
                  { dims = true, nd = true, periodic = true, corners = true,
                    along = true })
end

--- rho.pattern.halo{...}: the same as rho.pattern.stencil.
pattern.halo = pattern.stencil

--- rho.pattern.alltoall{size=}: every rank sends to every other.
function pattern.alltoall(opts)
  return describe("alltoall", "rho.pattern.alltoall", opts, {})
end

--- rho.pattern.suba2a{size=, dims=, nd=, along={2}}: all-to-all inside
--- sub-communicators: the ranks that differ only along the listed
--- dimensions (1-based) of a grid (Jain's many-to-many: along the middle
--- dimension of 180x128x384).
function pattern.suba2a(opts)
  return describe("suba2a", "rho.pattern.suba2a", opts,
                  { dims = true, nd = true, along = true })
end

--- rho.pattern.permutation{size=, how="reverse"|"shift"|"transpose"|"random",
--- rows=}: every rank sends one message to its image.
function pattern.permutation(opts)
  return describe("permutation", "rho.pattern.permutation", opts,
                  { how = true, rows = true })
end

--- rho.pattern.collective{algorithm=, size=, aggregate=false,
--- supernodes=, nodes=, cores=}: the steps of a collective (Jain Ch. 8)
--- moving size bytes in all: "bcast-degeijn", "scatter-binomial",
--- "allgather-ring", "allgather-rd", "rs-pairwise", ... and the two-tier
--- ones ("reduce-twotier", ...), whose supernode geometry comes from a
--- dragonfly (groups, routers per group, ranks per router) unless given.
function pattern.collective(opts)
  if type(opts) == "string" then opts = { algorithm = opts } end
  return describe("collective", "rho.pattern.collective", opts,
                  { algorithm = true, aggregate = true, supernodes = true,
                    nodes = true, cores = true })
end

--- rho.pattern.thesis(name [, {size=}]): a pattern of Jain's Table 3.3 as
--- the thesis sizes it: "umesh", "spread", "stencil4d", "m2m",
--- "stencil2d", "nn", "perm".
function pattern.thesis(name, opts)
  lib.check(type(name) == "string", "rho.pattern.thesis: give a name " ..
            "such as \"umesh\"")
  local d = describe("thesis", "rho.pattern.thesis", opts, {})
  d.name = name
  return d
end

--- rho.workload(w, ranks): the jobs of Jain's Table 3.4 workload w (1-4)
--- sharing ranks ranks (default: the whole machine's, given as a number).
function rho.workload(w, ranks)
  lib.check(math.type(w) == "integer" and w >= 1 and w <= 4,
            "rho.workload: the workload is 1, 2, 3 or 4, got %s", tostring(w))
  lib.check(math.type(ranks) == "integer" and ranks > 0,
            "rho.workload: give the number of ranks (e.g. net:ranks())")
  local sizes = lib.workload_sizes(w, ranks)
  local names = { "umesh", "stencil2d", "stencil4d", "m2m", "spread" }
  local jobs = {}
  for i, n in ipairs(sizes) do
    if n > 0 then
      jobs[#jobs + 1] = { name = names[i], ranks = n,
                          traffic = pattern.thesis(names[i]) }
    end
  end
  return jobs
end

local function place_desc(kind, fname, opts, allowed)
  lib.options(fname, opts, allowed)
  local d = { _rho = "placement", kind = kind, line = lib.line() }
  for k, v in pairs(opts) do d[k] = v end
  return d
end

--- rho.place.blocked{dims=, block=}: the ranks as an application grid
--- dims, cut into blocks of shape block, one block per node in order.
function place.blocked(opts)
  return place_desc("blocked", "rho.place.blocked", opts,
                    { dims = true, block = true })
end

--- rho.place.rubik{dims=, tile=, net_tile=}: Rubik's box/tile/map on a
--- torus: application tiles onto network tiles (net_tile: one size per
--- torus dimension, then the slots of a router).
function place.rubik(opts)
  return place_desc("rubik", "rho.place.rubik", opts,
                    { dims = true, tile = true, net_tile = true })
end

if rawget(rho, "pattern") == nil then rho.pattern = pattern end
