-- rho's Lua library: traffic patterns. Each returns a list of flows among
-- ranks (integers from 0), { src, dst, size = ..., start = ... }; the
-- scenario's placement maps ranks to devices. Every flow of a source is
-- sent in list order (first come, first served), so the order in which a
-- pattern lists a source's flows is that source's schedule.
local rho, lib = ...
local math, table = lib.math, lib.table

local function flow(src, dst, opts)
  return { src, dst, size = opts.size, start = opts.start, line = lib.line() }
end

--- rho.flow(src, dst [, { size =, start =, label =, via =, stream =,
--- step = }]): one flow, remembered with the line that made it, so that
--- an error about it names that line even when a loop makes it.
function rho.flow(src, dst, opts)
  opts = lib.options("rho.flow", opts or {}, { size = true, start = true,
                                               label = true, via = true,
                                               stream = true, step = true })
  lib.check(src ~= nil and dst ~= nil,
            "rho.flow expects a source and a destination")
  return { src, dst, size = opts.size, start = opts.start,
           label = opts.label, via = opts.via, stream = opts.stream,
           step = opts.step, line = lib.line() }
end

local function check_count(fname, n)
  lib.check(math.type(n) == "integer" and n >= 2,
            "%s: ranks must be an integer >= 2, got %s", fname, tostring(n))
  return n
end

-- Grid helpers: rank = x1 + d1 * (x2 + d2 * ...), first dimension fastest.
local function coords(rank, dims)
  local c = {}
  for i, d in ipairs(dims) do
    c[i] = rank % d
    rank = rank // d
  end
  return c
end

local function rank_of(c, dims)
  local r, m = 0, 1
  for i, d in ipairs(dims) do
    r = r + c[i] * m
    m = m * d
  end
  return r
end

-- The grid neighbours of a rank, dimension by dimension, - before +.
-- periodic (nil, a boolean, or a list of one boolean per dimension) as a
-- list of booleans, checked: "yes" or a short list is refused, not read
-- as false
local function periodic_of(fname, periodic, nd)
  local p = {}
  if type(periodic) == "table" then
    lib.check(#periodic == nd, "%s: periodic must have one boolean per "
              .. "dimension (%d), got %d", fname, nd, #periodic)
    for i = 1, nd do
      lib.check(type(periodic[i]) == "boolean",
                "%s: periodic[%d] must be true or false, got %s", fname, i,
                tostring(periodic[i]))
      p[i] = periodic[i]
    end
    return p
  end
  lib.check(periodic == nil or type(periodic) == "boolean",
            "%s: periodic must be true, false or a list of them, got %s",
            fname, type(periodic) == "string" and ('"' .. periodic .. '"')
              or type(periodic))
  for i = 1, nd do p[i] = periodic == true end
  return p
end

local function neighbours(rank, dims, periodic)
  local c, out, seen = coords(rank, dims), {}, {}
  for i, d in ipairs(dims) do
    for _, step in ipairs({ -1, 1 }) do
      local x = c[i] + step
      if periodic[i] then x = x % d end
      if x >= 0 and x < d then
        local n = { table.unpack(c) }
        n[i] = x
        local r = rank_of(n, dims)
        if r ~= rank and not seen[r] then
          seen[r] = true
          out[#out + 1] = r
        end
      end
    end
  end
  return out
end

-- rho.grid: the helpers above for scripts, their arguments checked (an
-- error names the script's line, not this file's).
local function grid_dims(fname, dims)
  lib.check(type(dims) == "table" and #dims >= 1,
            "%s: dims must be a list of grid sizes such as {4, 2}", fname)
  local n = 1
  for i, d in ipairs(dims) do
    lib.check(math.type(d) == "integer" and d >= 1,
              "%s: dims[%d] must be a positive integer, got %s", fname, i,
              tostring(d))
    n = n * d
  end
  return n
end

local function grid_rank(fname, rank, n)
  lib.check(math.type(rank) == "integer" and rank >= 0 and rank < n,
            "%s: rank must be an integer from 0 to %d, got %s", fname, n - 1,
            tostring(rank))
end

rho.grid = {
  coords = function(rank, dims)
    grid_rank("rho.grid.coords", rank, grid_dims("rho.grid.coords", dims))
    return coords(rank, dims)
  end,
  rank = function(c, dims)
    grid_dims("rho.grid.rank", dims)
    lib.check(type(c) == "table" and #c == #dims,
              "rho.grid.rank: coords must be a list of %d coordinates", #dims)
    for i, d in ipairs(dims) do
      lib.check(math.type(c[i]) == "integer" and c[i] >= 0 and c[i] < d,
                "rho.grid.rank: coords[%d] must be an integer from 0 to %d, "
                .. "got %s", i, d - 1, tostring(c[i]))
    end
    return rank_of(c, dims)
  end,
  neighbours = function(rank, dims, periodic)
    grid_rank("rho.grid.neighbours", rank,
              grid_dims("rho.grid.neighbours", dims))
    return neighbours(rank, dims,
                      periodic_of("rho.grid.neighbours", periodic, #dims))
  end,
}

--- rho.halo{ dims = {4, 2}, size = ..., periodic = false, order = "dims" }
--- Each rank of a grid sends one message to each grid neighbour. order:
--- "dims" (dimension by dimension, - then +), "reverse", "plus-first", a
--- table { [rank] = { neighbour, ... } } listing some or all ranks, or a
--- function(rank, neighbours) returning the ordered list.
function rho.halo(opts)
  lib.options("rho.halo", opts, { dims = true, size = true, periodic = true,
                                  order = true, start = true })
  local dims = opts.dims
  lib.check(type(dims) == "table" and #dims >= 1,
            "rho.halo: dims must be a list of grid sizes such as {4, 2}")
  local n = 1
  for i, d in ipairs(dims) do
    lib.check(math.type(d) == "integer" and d >= 1,
              "rho.halo: dims[%d] must be a positive integer", i)
    n = n * d
  end
  lib.check(n <= 1000000, "rho.halo: too many ranks (%d)", n)
  local periodic = periodic_of("rho.halo", opts.periodic, #dims)
  local order = opts.order or "dims"
  if type(order) == "table" then
    for r, list in pairs(order) do
      lib.check(math.type(r) == "integer" and r >= 0 and r < n,
                "rho.halo: order[%s]: the ranks are 0 to %d", tostring(r),
                n - 1)
      lib.check(type(list) == "table",
                "rho.halo: order[%d] must be the list of rank %d's " ..
                "neighbours, got %s", r, r, type(list))
    end
  end
  local out = {}
  for r = 0, n - 1 do
    local nb = neighbours(r, dims, periodic)
    if order == "reverse" then
      local rev = {}
      for i = #nb, 1, -1 do rev[#rev + 1] = nb[i] end
      nb = rev
    elseif order == "plus-first" then
      local c, plus, minus = coords(r, dims), {}, {}
      for _, x in ipairs(nb) do
        local cx = coords(x, dims)
        local up = false
        for i = 1, #dims do
          if cx[i] ~= c[i] then up = (cx[i] - c[i]) % dims[i] == 1 end
        end
        if up then plus[#plus + 1] = x else minus[#minus + 1] = x end
      end
      nb = lib.concat(plus, minus)
    elseif type(order) == "function" then
      local given = order(r, nb)
      lib.check(type(given) == "table",
                "rho.halo: the order function must return a list for rank %d",
                r)
      nb = given
    elseif type(order) == "table" then
      if order[r] ~= nil then nb = order[r] end
    elseif order ~= "dims" then
      lib.fail("rho.halo: unknown order '%s' (expected \"dims\", " ..
               "\"reverse\", \"plus-first\", a table or a function)",
               tostring(order))
    end
    local want = {}
    for _, x in ipairs(neighbours(r, dims, periodic)) do want[x] = true end
    local got = {}
    for i = 1, #nb do
      local x = nb[i]
      lib.check(x ~= nil and want[x],
                "rho.halo: %s is not a neighbour of rank %d", tostring(x), r)
      lib.check(not got[x], "rho.halo: rank %d lists neighbour %d twice", r, x)
      got[x] = true
      out[#out + 1] = flow(r, x, opts)
    end
    for x in pairs(want) do
      lib.check(got[x], "rho.halo: the order of rank %d leaves out " ..
                "neighbour %d", r, x)
    end
  end
  return out
end

--- rho.alltoall{ ranks = n, size = ..., order = "shift" | "linear" }
--- "shift": at step k each rank sends to rank + k (mod n); "linear": each
--- sends to 0, 1, 2, ... in turn (skipping itself).
function rho.alltoall(opts)
  lib.options("rho.alltoall", opts, { ranks = true, size = true,
                                      order = true, start = true })
  local n = check_count("rho.alltoall", opts.ranks)
  local order = opts.order or "shift"
  local out = {}
  for r = 0, n - 1 do
    for k = 1, n - 1 do
      local dst
      if order == "shift" then dst = (r + k) % n
      elseif order == "linear" then dst = (k - 1 < r) and (k - 1) or k
      else lib.fail("rho.alltoall: unknown order '%s' (expected \"shift\" " ..
                    "or \"linear\")", tostring(order)) end
      out[#out + 1] = flow(r, dst, opts)
    end
  end
  return out
end

--- rho.scatter{ root = 0, ranks = n, size = ... }: root sends to every rank.
function rho.scatter(opts)
  lib.options("rho.scatter", opts, { root = true, ranks = true, size = true,
                                     start = true })
  local n = check_count("rho.scatter", opts.ranks)
  local root = opts.root or 0
  lib.check(math.type(root) == "integer" and root >= 0 and root < n,
            "rho.scatter: root must be a rank from 0 to %d", n - 1)
  local out = {}
  for k = 1, n - 1 do out[#out + 1] = flow(root, (root + k) % n, opts) end
  return out
end

--- rho.gather{ root = 0, ranks = n, size = ... }: every rank sends to root.
function rho.gather(opts)
  lib.options("rho.gather", opts, { root = true, ranks = true, size = true,
                                    start = true })
  local n = check_count("rho.gather", opts.ranks)
  local root = opts.root or 0
  lib.check(math.type(root) == "integer" and root >= 0 and root < n,
            "rho.gather: root must be a rank from 0 to %d", n - 1)
  local out = {}
  for k = 1, n - 1 do out[#out + 1] = flow((root + k) % n, root, opts) end
  return out
end

--- rho.ring{ ranks = n, size = ..., bidirectional = false }
function rho.ring(opts)
  lib.options("rho.ring", opts, { ranks = true, size = true, start = true,
                                  bidirectional = true })
  local n = check_count("rho.ring", opts.ranks)
  local out = {}
  for r = 0, n - 1 do
    out[#out + 1] = flow(r, (r + 1) % n, opts)
    if opts.bidirectional and n > 2 then
      out[#out + 1] = flow(r, (r - 1) % n, opts)
    end
  end
  return out
end

--- rho.permutation{ perm = { [0] = 3, 2, 1, 0 } | "reverse" | "shift",
---                  ranks = n, size = ... }: rank r sends to perm[r].
function rho.permutation(opts)
  lib.options("rho.permutation", opts, { perm = true, ranks = true,
                                         size = true, start = true,
                                         shift = true })
  local perm = opts.perm
  local n
  if type(perm) == "string" then
    n = check_count("rho.permutation", opts.ranks)
    local kind = perm
    perm = {}
    for r = 0, n - 1 do
      if kind == "reverse" then perm[r] = n - 1 - r
      elseif kind == "shift" then perm[r] = (r + (opts.shift or 1)) % n
      else lib.fail("rho.permutation: unknown permutation '%s' (expected " ..
                    "\"reverse\", \"shift\" or a table)", kind) end
    end
  else
    lib.check(type(perm) == "table" and perm[0] ~= nil,
              "rho.permutation: perm must be a table indexed from 0 " ..
              "({ [0] = 3, 2, 1, 0 }) or \"reverse\" or \"shift\"")
    n = #perm + 1
  end
  local seen, out = {}, {}
  for r = 0, n - 1 do
    local d = perm[r]
    lib.check(math.type(d) == "integer" and d >= 0 and d < n,
              "rho.permutation: perm[%d] must be a rank from 0 to %d", r,
              n - 1)
    lib.check(not seen[d], "rho.permutation: rank %d is a destination " ..
              "twice: not a permutation", d)
    seen[d] = true
    if d ~= r then out[#out + 1] = flow(r, d, opts) end
  end
  return out
end

--- rho.random_pairs{ ranks = n, count = k, seed = s, size = ... }: k flows
--- between random distinct ranks, reproducible from the seed.
function rho.random_pairs(opts)
  lib.options("rho.random_pairs", opts, { ranks = true, count = true,
                                          seed = true, size = true,
                                          start = true })
  local n = check_count("rho.random_pairs", opts.ranks)
  local k = opts.count
  lib.check(math.type(k) == "integer" and k >= 0,
            "rho.random_pairs: count must be an integer >= 0")
  lib.check(math.type(opts.seed) == "integer",
            "rho.random_pairs: give an integer seed")
  local g = lib.rng(opts.seed)
  local out = {}
  for _ = 1, k do
    local a = g:below(n)
    local b = g:below(n - 1)
    if b >= a then b = b + 1 end
    out[#out + 1] = flow(a, b, opts)
  end
  return out
end
