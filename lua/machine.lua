-- rho's Lua library: real machines -- host memory, machines of several
-- sockets, direct links (NVLink) and switch fabrics (NVSwitch), and the
-- transfer patterns people measure with nvbandwidth and
-- p2pBandwidthLatencyTest. All are plain builders; rho.scenario checks
-- the names and builds the model.
local rho, lib = ...
local math = lib.math

--- rho.host(name [, { bandwidth = }]): host memory of a socket or NUMA
--- node, under its root complex. It sends any number of flows at once;
--- its own link never limits unless it is given a bandwidth.
function rho.host(name, opts)
  name = lib.name_of("rho.host", name)
  return lib.node_opts("rho.host", name,
                       { _rho = "pcie-node", kind = "device", type = "host",
                         name = name, line = lib.line() },
                       opts, { bandwidth = true, bus = true })
end

--- rho.machine(name, sockets [, { bandwidth =, fabric = }]): a machine of
--- several root complexes (one per socket) joined by the inter-socket link
--- (UPI, Infinity Fabric, X-Bus: fabric names it); bandwidth is the
--- capacity of each socket's link to the others unless the rho.rc gives
--- its own.
function rho.machine(name, sockets, opts)
  name = lib.name_of("rho.machine", name)
  local node = { _rho = "pcie-node", kind = "system", name = name,
                 children = lib.children_of("rho.machine", name, sockets),
                 line = lib.line() }
  if opts ~= nil then
    lib.options("rho.machine '" .. name .. "'", opts,
                { bandwidth = true, fabric = true })
    lib.check(opts.bandwidth == nil or type(opts.bandwidth) == "string" or
              type(opts.bandwidth) == "number",
              "rho.machine '%s': bandwidth must be a rate such as " ..
              "\"41.6 GB/s\"", name)
    lib.check(opts.fabric == nil or type(opts.fabric) == "string",
              "rho.machine '%s': fabric must be a name such as \"UPI\"",
              name)
    node.bandwidth = opts.bandwidth
    node.fabric = opts.fabric
  end
  return node
end

local function endpoint_name(fname, x, what)
  if type(x) == "number" and math.type(x) == "integer" then
    return tostring(x)
  end
  lib.check(type(x) == "string" and x ~= "",
            "%s: %s must be a device name, got %s", fname, what, type(x))
  return x
end

local function rate_opt(fname, v, default)
  if v == nil then return default end
  lib.check(type(v) == "string" or type(v) == "number",
            "%s: bandwidth must be a rate such as \"25 GB/s\"", fname)
  return v
end

local function count_opt(fname, v)
  if v == nil then return 1 end
  lib.check(math.type(v) == "integer" and v >= 1,
            "%s: count must be an integer >= 1", fname)
  return v
end

--- rho.direct(a, b, { bandwidth =, count = 1, kind = "direct" }): a direct
--- link between two devices (or a device and its socket's rho.rc), of
--- count links of bandwidth each, each way. List it among any node's
--- children.
function rho.direct(a, b, opts)
  local fname = "rho.direct"
  opts = lib.options(fname, opts or {}, { bandwidth = true, count = true,
                                          kind = true })
  lib.check(opts.bandwidth ~= nil, "%s: give the bandwidth of a link", fname)
  lib.check(opts.kind == nil or type(opts.kind) == "string",
            "%s: kind must be a string such as \"xgmi\"", fname)
  return { _rho = "pcie-link", a = endpoint_name(fname, a, "a"),
           b = endpoint_name(fname, b, "b"),
           bandwidth = rate_opt(fname, opts.bandwidth),
           count = count_opt(fname, opts.count),
           kind = opts.kind or "direct", line = lib.line() }
end

--- rho.nvlink(a, b [, { count = 1, bandwidth = "25 GB/s" }]): NVLink
--- bricks between two GPUs (or a GPU and a CPU): 25 GB/s each way per link
--- (NVLink 2 to 4; NVLink 1: 20 GB/s).
function rho.nvlink(a, b, opts)
  local fname = "rho.nvlink"
  opts = lib.options(fname, opts or {}, { bandwidth = true, count = true })
  return { _rho = "pcie-link", a = endpoint_name(fname, a, "a"),
           b = endpoint_name(fname, b, "b"),
           bandwidth = rate_opt(fname, opts.bandwidth, "25 GB/s"),
           count = count_opt(fname, opts.count), kind = "nvlink",
           line = lib.line() }
end

--- rho.nvswitch(name, devices [, { count = 1, bandwidth = "25 GB/s",
--- kind = "nvswitch" }]): a switch fabric joining devices (names), count
--- links of bandwidth per port. A DGX's six NVSwitches are one fabric with
--- count = 12 (A100) or 18 (H100): a GPU's links to all of them.
function rho.nvswitch(name, devices, opts)
  local fname = "rho.nvswitch"
  name = lib.name_of(fname, name)
  opts = lib.options(fname, opts or {}, { bandwidth = true, count = true,
                                          kind = true })
  lib.check(type(devices) == "table",
            "%s '%s': devices must be a list of device names", fname, name)
  local list = {}
  for i, d in ipairs(devices) do
    list[i] = endpoint_name(fname, d, "device " .. i)
  end
  lib.check(opts.kind == nil or type(opts.kind) == "string",
            "%s: kind must be a string", fname)
  return { _rho = "pcie-fabric", name = name, devices = list,
           bandwidth = rate_opt(fname, opts.bandwidth, "25 GB/s"),
           count = count_opt(fname, opts.count),
           kind = opts.kind or "nvswitch", line = lib.line() }
end

-- ---- transfer patterns (nvbandwidth, p2pBandwidthLatencyTest) ----

rho.copies = {}

-- The devices of a pattern: a list of names, or a topology (its GPUs in
-- PCI bus order, or every device but host memory when it has no GPU).
local function devices_of(fname, devices)
  lib.check(type(devices) == "table",
            "%s: devices must be a list of names or a topology", fname)
  if devices._rho == "pcie-node" then
    local gpus = lib.devices(devices, "gpu")
    if #gpus == 0 then
      for _, d in ipairs(lib.devices(devices)) do
        gpus[#gpus + 1] = d
      end
      local hosts = {}
      for _, h in ipairs(lib.devices(devices, "host")) do hosts[h] = true end
      local out = {}
      for _, d in ipairs(gpus) do
        if not hosts[d] then out[#out + 1] = d end
      end
      gpus = out
    end
    devices = gpus
  end
  for i, d in ipairs(devices) do
    devices[i] = endpoint_name(fname, d, "device " .. i)
  end
  return devices
end

local function host_of(fname, opts)
  if opts.host ~= nil then return endpoint_name(fname, opts.host, "host") end
  if type(opts.devices) == "table" and opts.devices._rho == "pcie-node" then
    local hosts = lib.devices(opts.devices, "host")
    lib.check(#hosts > 0, "%s: the topology has no host memory (rho.host)",
              fname)
    return hosts[1]
  end
  lib.fail("%s: give host = the host memory's name", fname)
end

local function flow(src, dst, size, label, stream)
  return { src, dst, size = size, label = label, stream = stream,
           line = lib.line() }
end

local function pattern(fname, opts, allowed)
  allowed.devices = true
  allowed.size = true
  lib.options(fname, opts, allowed)
  lib.check(opts.devices ~= nil, "%s: give devices = a list or a topology",
            fname)
  return devices_of(fname, opts.devices), opts.size
end

--- rho.copies.host_to_device{ devices =, host =, size = }: host memory
--- copies to every device at once (one device: the "one" measurement).
function rho.copies.host_to_device(opts)
  local fname = "rho.copies.host_to_device"
  local devs, size = pattern(fname, opts, { host = true })
  local host, out = host_of(fname, opts), {}
  for _, d in ipairs(devs) do
    out[#out + 1] = flow(host, d, size, "h2d " .. d)
  end
  return out
end

--- rho.copies.device_to_host{ devices =, host =, size = }: every device
--- copies to host memory at once.
function rho.copies.device_to_host(opts)
  local fname = "rho.copies.device_to_host"
  local devs, size = pattern(fname, opts, { host = true })
  local host, out = host_of(fname, opts), {}
  for _, d in ipairs(devs) do
    out[#out + 1] = flow(d, host, size, "d2h " .. d)
  end
  return out
end

--- rho.copies.device_to_device{ devices =, size =, mode = "write" }: every
--- ordered pair in turn, one copy at a time per device (nvbandwidth's
--- device_to_device_memcpy_write_ce / _read_ce; rho moves the same data
--- either way: "read" lists the copies by reader).
function rho.copies.device_to_device(opts)
  local fname = "rho.copies.device_to_device"
  local devs, size = pattern(fname, opts, { mode = true })
  local mode = opts.mode or "write"
  lib.check(mode == "write" or mode == "read",
            "%s: mode must be \"write\" or \"read\"", fname)
  local out = {}
  for _, a in ipairs(devs) do
    for _, b in ipairs(devs) do
      if a ~= b then
        if mode == "write" then
          out[#out + 1] = flow(a, b, size, "write " .. a .. "->" .. b)
        else
          out[#out + 1] = flow(b, a, size, "read " .. a .. "<-" .. b)
        end
      end
    end
  end
  return out
end

--- rho.copies.all_to_one{ devices =, root =, size = }: every other device
--- writes to root at once.
function rho.copies.all_to_one(opts)
  local fname = "rho.copies.all_to_one"
  local devs, size = pattern(fname, opts, { root = true })
  local root = endpoint_name(fname, opts.root or devs[1], "root")
  local out = {}
  for _, d in ipairs(devs) do
    if d ~= root then out[#out + 1] = flow(d, root, size, d .. "->" .. root) end
  end
  return out
end

--- rho.copies.one_to_all{ devices =, root =, size = }: root writes to every
--- other device at once (one stream each).
function rho.copies.one_to_all(opts)
  local fname = "rho.copies.one_to_all"
  local devs, size = pattern(fname, opts, { root = true })
  local root = endpoint_name(fname, opts.root or devs[1], "root")
  local out = {}
  for _, d in ipairs(devs) do
    if d ~= root then
      out[#out + 1] = flow(root, d, size, root .. "->" .. d, #out)
    end
  end
  return out
end

--- rho.copies.bidirectional{ devices =, size = [, pairs = {{a, b}, ...}] }:
--- each pair copies both ways at once (devices 1-2, 3-4, ... unless pairs
--- are given).
function rho.copies.bidirectional(opts)
  local fname = "rho.copies.bidirectional"
  lib.options(fname, opts, { devices = true, size = true, pairs = true })
  local pairs_ = opts.pairs
  if pairs_ == nil then
    local devs = devices_of(fname, opts.devices or {})
    pairs_ = {}
    for i = 1, #devs - 1, 2 do pairs_[#pairs_ + 1] = { devs[i], devs[i + 1] } end
  end
  lib.check(type(pairs_) == "table" and #pairs_ > 0,
            "%s: give devices = ... or pairs = {{a, b}, ...}", fname)
  local out = {}
  for i, p in ipairs(pairs_) do
    lib.check(type(p) == "table" and #p == 2, "%s: pair %d is not {a, b}",
              fname, i)
    local a = endpoint_name(fname, p[1], "a")
    local b = endpoint_name(fname, p[2], "b")
    out[#out + 1] = flow(a, b, opts.size, a .. "->" .. b)
    out[#out + 1] = flow(b, a, opts.size, b .. "->" .. a)
  end
  return out
end
