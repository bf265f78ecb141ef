-- rho's Lua library, part 1: helpers for the library itself and the
-- PCIe topology builders. Loaded (as text) before every scenario, with
-- the full standard library; scenarios see only the `rho` table.
--
-- Every builder returns plain data; rho.scenario (in C) checks it and
-- builds the model. Builders record the user's line so that errors about
-- a node point at the line that made it.
local rho, lib = ...

-- The innermost stack frame that runs the user's file (not this library).
local function user_frame()
  local level = 3
  while true do
    local info = debug.getinfo(level, "Sl")
    if not info then return nil end
    if info.source:sub(1, 1) == "@" and info.currentline > 0 then
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
  return info.source:sub(2) .. ":" .. info.currentline .. ": "
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

local function children_of(fname, name, children)
  if children == nil then return {} end
  lib.check(type(children) == "table",
            "%s '%s': children must be a list of nodes, got %s", fname, name,
            type(children))
  for i, c in ipairs(children) do
    lib.check(type(c) == "table" and c._rho == "pcie-node",
              "%s '%s': child %d is not a node (made by rho.switch, " ..
              "rho.gpu, ...)", fname, name, i)
  end
  return children
end

--- rho.rc(name, children): the root complex.
function rho.rc(name, children)
  name = name_of("rho.rc", name)
  return { _rho = "pcie-node", kind = "rc", name = name,
           children = children_of("rho.rc", name, children),
           line = lib.line() }
end

--- rho.switch(name, children): a PCIe switch.
function rho.switch(name, children)
  name = name_of("rho.switch", name)
  return { _rho = "pcie-node", kind = "switch", name = name,
           children = children_of("rho.switch", name, children),
           line = lib.line() }
end

--- rho.device(type, name): an endpoint of any kind ("gpu", "nic", "nvme"...).
function rho.device(dtype, name)
  lib.check(type(dtype) == "string" and dtype:match("^[%w_%-]+$"),
            "rho.device: the type must be a word such as \"nic\", got %s",
            tostring(dtype))
  name = name_of("rho.device", name)
  return { _rho = "pcie-node", kind = "device", type = dtype, name = name,
           line = lib.line() }
end

--- rho.gpu(name), rho.nic(name), rho.nvme(name), rho.fpga(name)
function rho.gpu(name) return rho.device("gpu", name_of("rho.gpu", name)) end
function rho.nic(name) return rho.device("nic", name_of("rho.nic", name)) end
function rho.nvme(name) return rho.device("nvme", name_of("rho.nvme", name)) end
function rho.fpga(name) return rho.device("fpga", name_of("rho.fpga", name)) end

--- rho.devices(topology [, type]): device names in declaration order.
function rho.devices(topo, dtype)
  lib.check(type(topo) == "table" and topo._rho == "pcie-node",
            "rho.devices expects a topology node, got %s", type(topo))
  local out = {}
  local function walk(n)
    if n.kind == "device" then
      if dtype == nil or n.type == dtype then out[#out + 1] = n.name end
    else
      for _, c in ipairs(n.children) do walk(c) end
    end
  end
  walk(topo)
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
