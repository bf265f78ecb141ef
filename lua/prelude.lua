-- rho's Lua library, part 1: helpers for the library itself and the
-- PCIe topology builders. Loaded (as text) before every scenario, with
-- the full standard library; scenarios see only the `rho` table.
--
-- Every builder returns plain data; rho.scenario (in C) checks it and
-- builds the model. Builders record the user's line so that errors about
-- a node point at the line that made it.
local rho, lib = ...

-- What the library uses, kept as it was when the library loaded. A
-- script shares the string, table and math tables and the rho table with
-- the library, and may change them (string.format = nil, rho.gpu = nil):
-- the library keeps its own copies (lib.string, ...; the other files take
-- them from lib, as they may load after the script ran a while) and calls
-- no method of a string (the string metatable is shared too).
local function copy(t)
  local c = {}
  for k, v in pairs(t) do c[k] = v end
  return c
end
lib.string, lib.table, lib.math = copy(string), copy(table), copy(math)
local string, table, math = lib.string, lib.table, lib.math
local getinfo = debug.getinfo
lib.rng, lib.workload_sizes = rho.rng, rho.workload_sizes
lib.place = {} -- rho.place: filled by pattern.lua and place.lua

-- The innermost stack frame that runs the user's file (not this library).
local function user_frame()
  local level = 3
  while true do
    local info = getinfo(level, "Sl")
    if not info then return nil end
    if string.sub(info.source, 1, 1) == "@" and info.currentline > 0 then
      return info
    end
    level = level + 1
  end
end

function lib.line()
  local info = user_frame()
  return info and info.currentline or 0
end

function lib.where()
  local info = user_frame()
  if not info then return "" end
  return string.sub(info.source, 2) .. ":" .. info.currentline .. ": "
end

-- Raise an error at the user's line: lib.fail("flow %d: bad", i)
function lib.fail(fmt, ...)
  error(lib.where() .. string.format(fmt, ...), 0)
end

function lib.check(cond, fmt, ...)
  if not cond then lib.fail(fmt, ...) end
  return cond
end

-- Check that an options table has only the given keys.
function lib.options(fname, opts, allowed)
  lib.check(type(opts) == "table", "%s expects a table of options, got %s",
            fname, type(opts))
  for k in pairs(opts) do
    if not allowed[k] then
      local names = {}
      for a in pairs(allowed) do names[#names + 1] = a end
      table.sort(names)
      lib.fail("%s: unknown option '%s' (expected %s)", fname, tostring(k),
               table.concat(names, ", "))
    end
  end
  return opts
end

local function name_of(fname, name)
  if type(name) == "number" and math.type(name) == "integer" then
    return tostring(name)
  end
  lib.check(type(name) == "string" and name ~= "",
            "%s: the name must be a non-empty string, got %s", fname,
            type(name))
  return name
end

-- Children: nodes, and the direct links and switch fabrics that may be
-- listed among them (rho.nvlink, rho.nvswitch; see machine.lua).
local function children_of(fname, name, children)
  if children == nil then return {} end
  lib.check(type(children) == "table",
            "%s '%s': children must be a list of nodes, got %s", fname, name,
            type(children))
  for i, c in ipairs(children) do
    lib.check(type(c) == "table" and (c._rho == "pcie-node" or
                                      c._rho == "pcie-link" or
                                      c._rho == "pcie-fabric"),
              "%s '%s': child %d is not a node (made by rho.switch, " ..
              "rho.gpu, ...)", fname, name, i)
  end
  return children
end
lib.children_of = children_of
lib.name_of = name_of

-- The options of a node: its link to its parent and more. Checked here
-- for type; rho.scenario reads the values (it knows the efficiency).
local function node_opts(fname, name, node, opts, allowed)
  if opts == nil then return node end
  lib.options(fname .. " '" .. name .. "'", opts, allowed)
  if opts.link ~= nil then
    lib.check(type(opts.link) == "string",
              "%s '%s': link must be a string such as \"16 GT/s x16\"",
              fname, name)
    node.link = opts.link
  end
  if opts.bandwidth ~= nil then
    lib.check(type(opts.bandwidth) == "string" or
              type(opts.bandwidth) == "number",
              "%s '%s': bandwidth must be a rate such as \"12 GB/s\"",
              fname, name)
    node.bandwidth = opts.bandwidth
  end
  if opts.streams ~= nil then
    lib.check(math.type(opts.streams) == "integer" and opts.streams >= 0,
              "%s '%s': streams must be an integer >= 0 (0: any number)",
              fname, name)
    node.streams = opts.streams
  end
  if opts.bus ~= nil then
    lib.check(type(opts.bus) == "string",
              "%s '%s': bus must be a PCI bus id such as \"0000:3b:00.0\"",
              fname, name)
    node.bus = opts.bus
  end
  return node
end
lib.node_opts = node_opts

local link_keys = { link = true, bandwidth = true, bus = true }
local device_keys = { link = true, bandwidth = true, bus = true,
                      streams = true }

--- rho.rc(name, children [, { bandwidth = }]): a root complex (bandwidth:
--- its link to the other sockets, in a rho.machine).
function rho.rc(name, children, opts)
  name = name_of("rho.rc", name)
  return node_opts("rho.rc", name,
                   { _rho = "pcie-node", kind = "rc", name = name,
                     children = children_of("rho.rc", name, children),
                     line = lib.line() }, opts, { bandwidth = true })
end

--- rho.switch(name, children [, { link =, bandwidth =, bus = }]): a PCIe
--- switch (or host bridge).
function rho.switch(name, children, opts)
  name = name_of("rho.switch", name)
  return node_opts("rho.switch", name,
                   { _rho = "pcie-node", kind = "switch", name = name,
                     children = children_of("rho.switch", name, children),
                     line = lib.line() }, opts, link_keys)
end

local function device(fname, dtype, name, opts)
  name = name_of(fname, name)
  return node_opts(fname, name,
                   { _rho = "pcie-node", kind = "device", type = dtype,
                     name = name, line = lib.line() }, opts, device_keys)
end

--- rho.device(type, name [, { link =, bandwidth =, streams =, bus = }]):
--- an endpoint of any kind ("gpu", "nic", "nvme"...).
function rho.device(dtype, name, opts)
  lib.check(type(dtype) == "string" and string.match(dtype, "^[%w_%-]+$"),
            "rho.device: the type must be a word such as \"nic\", got %s",
            tostring(dtype))
  return device("rho.device", dtype, name, opts)
end

--- rho.gpu(name [, opts]), rho.nic, rho.nvme, rho.fpga
function rho.gpu(name, opts) return device("rho.gpu", "gpu", name, opts) end
function rho.nic(name, opts) return device("rho.nic", "nic", name, opts) end
function rho.nvme(name, opts) return device("rho.nvme", "nvme", name, opts) end
function rho.fpga(name, opts) return device("rho.fpga", "fpga", name, opts) end

-- "0000:3b:00.0" -> a key that sorts in bus order (hex fields).
local function bus_key(bus)
  local out = {}
  for field in string.gmatch(bus, "[%x]+") do
    out[#out + 1] = string.format("%08x", tonumber(field, 16) or 0)
  end
  return table.concat(out, ":")
end

--- rho.devices(topology [, type]): device names, in PCI bus order when
--- every one has a bus id (imported machines), else in declaration order.
function rho.devices(topo, dtype)
  lib.check(type(topo) == "table" and topo._rho == "pcie-node",
            "rho.devices expects a topology node, got %s", type(topo))
  lib.check(dtype == nil or type(dtype) == "string",
            "rho.devices: the type must be a string such as \"gpu\"")
  local out, nodes, all_bus = {}, {}, true
  local function walk(n)
    if n._rho ~= "pcie-node" then return end
    if n.kind == "device" then
      if dtype == nil or n.type == dtype then
        nodes[#nodes + 1] = n
        all_bus = all_bus and n.bus ~= nil
      end
    else
      for _, c in ipairs(n.children) do walk(c) end
    end
  end
  walk(topo)
  if all_bus and #nodes > 1 then
    local order = {}
    for i, n in ipairs(nodes) do order[n] = i end
    table.sort(nodes, function(a, b)
      local ka, kb = bus_key(a.bus), bus_key(b.bus)
      if ka ~= kb then return ka < kb end
      return order[a] < order[b]
    end)
  end
  for i, n in ipairs(nodes) do out[i] = n.name end
  return out
end

--- rho.concat(list, ...): one list with the elements of every list in turn.
function rho.concat(...)
  local out = {}
  for i = 1, select("#", ...) do
    local l = select(i, ...)
    lib.check(type(l) == "table", "rho.concat: argument %d is not a list", i)
    for _, v in ipairs(l) do out[#out + 1] = v end
  end
  return out
end

-- the builders the other files use, as they are now (see copy above)
lib.rc, lib.switch, lib.gpu = rho.rc, rho.switch, rho.gpu
lib.devices, lib.concat = rho.devices, rho.concat
