-- rho's Lua library: placements. A placement is a list of device names:
-- rank 0 runs on the first, rank 1 on the second, and so on. Give it to a
-- scenario as `placement = ...`; flows then name ranks (integers).
local rho, lib = ...
local place = lib.place

local function device_list(fname, devices)
  if type(devices) == "table" and devices._rho == "pcie-node" then
    local all, hosts = lib.devices(devices), {}
    for _, h in ipairs(lib.devices(devices, "host")) do hosts[h] = true end
    devices = {}
    for _, d in ipairs(all) do
      if not hosts[d] then devices[#devices + 1] = d end
    end
  end
  lib.check(type(devices) == "table" and #devices > 0,
            "%s: expected a list of device names or a topology", fname)
  for i, d in ipairs(devices) do
    lib.check(type(d) == "string", "%s: device %d is not a name", fname, i)
  end
  return devices
end

--- rho.place.identity(devices): rank k on the k-th device.
function place.identity(devices)
  local d = device_list("rho.place.identity", devices)
  local out = {}
  for i, v in ipairs(d) do out[i] = v end
  return out
end

--- rho.place.list{ "3", "1", ... }: exactly this list (checked).
function place.list(names)
  return place.identity(device_list("rho.place.list", names))
end

--- rho.place.round_robin(n, devices): n ranks dealt over the devices.
function place.round_robin(n, devices)
  lib.check(math.type(n) == "integer" and n > 0,
            "rho.place.round_robin: the number of ranks must be a positive " ..
            "integer")
  local d = device_list("rho.place.round_robin", devices)
  local out = {}
  for r = 0, n - 1 do out[r + 1] = d[r % #d + 1] end
  return out
end

--- rho.place.random(devices, seed): the devices in a random order (seeded).
function place.random(devices, seed)
  local d = place.identity(device_list("rho.place.random", devices))
  lib.check(math.type(seed) == "integer",
            "rho.place.random: give an integer seed")
  return lib.rng(seed):shuffle(d)
end

-- (a script that set rho.place before this file loaded keeps its own)
if rawget(rho, "place") == nil then rho.place = place end
