-- rho's Lua library: presets for the paper's hardware (Martinasso et al.,
-- SC16, Fig. 1). All are plain builders; scenarios may change them.
local rho, lib = ...
local math = lib.math

--- rho.k80(name, a, b): an NVIDIA K80 board: a PLX switch and two GK210s.
local function k80(name, a, b)
  return lib.switch(name, { lib.gpu(a), lib.gpu(b) })
end
rho.k80 = k80

local function boards(first_board, first_gpu, count)
  local out = {}
  for i = 0, count - 1 do
    local g = first_gpu + 2 * i
    out[#out + 1] = k80("K" .. (first_board + i), tostring(g),
                            tostring(g + 1))
  end
  return out
end

--- rho.t2(): topology T2, one socket of a Cray CS-Storm node: the root
--- complex joins two switches SA and SB, each with two K80 boards.
local function t2()
  return lib.rc("RC", {
    lib.switch("SA", boards(0, 0, 2)),
    lib.switch("SB", boards(2, 4, 2)),
  })
end
rho.t2 = t2

--- rho.t1{ boards = 4 }: topology T1: one 5-port switch S under the root
--- complex with the K80 boards on it (4 in the paper; 1 to 8 here).
local function t1(opts)
  opts = lib.options("rho.t1", opts or {}, { boards = true })
  local n = opts.boards or 4
  lib.check(math.type(n) == "integer" and n >= 1 and n <= 8,
            "rho.t1: boards must be an integer from 1 to 8, got %s",
            tostring(n))
  return lib.rc("RC", { lib.switch("S", boards(0, 0, n)) })
end
rho.t1 = t1

rho.presets = { k80 = k80, t1 = t1, t2 = t2 }
