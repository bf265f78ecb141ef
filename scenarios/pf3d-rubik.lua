-- pF3D on 1,024 Blue Gene/Q nodes (Jain Sec. 3.1.3), mapped by the thesis's
-- own Rubik script (Fig. 3.4), written in Lua. 32 tasks a node (16 cores x
-- 2 threads) on the 4x4x4x8x2 partition (a mesh in D, Table 3.1): 32,768
-- tasks in a 64 x 16 x 32 process grid (Z x Y x X, X fastest). Its
-- messaging, in four phases (L502, L531): the FFT's all-to-alls over X (32
-- tasks, 4 KiB a pair) and over Y (16 tasks, 8 KiB), then the advection's
-- sends to the adjacent XY planes in Z, 256 KiB and 384 KiB [GAP: the
-- thesis gives the two sizes, not their directions; rho sends each to
-- both planes]. Routed as BG/Q routes.
--
-- The mappings of Fig. 3.5 and Table 3.2 (rho.param "mapping"):
--   Default  ABCDET                       RR  TABCDE
--   Tile1    torus 1x1x1x8x2x32 (the fewest dimensions), pF3D 8x8x8
--   Tile2    torus 4x4x4x4x2x1 (the most dimensions),    pF3D 8x8x8
--   Tile3    torus 1x1x1x8x2x32,                         pF3D 1x16x32 (XY)
--   Tile4    torus 4x4x4x4x2x1,                          pF3D 1x16x32
--   Tilt     Tile4's tiles, then in each the BC planes tilted along B
--            (rho's reading of "tilt BC planes in the 3D sub-tori along B")
-- The thesis finds Tile4 best; TABCDE cuts the all-to-all 78% and the
-- sends 52% against ABCDET at 4,096 nodes (L539).
-- golden: --metrics
-- golden: --sweep mapping=Default,RR,Tile1,Tile2,Tile3,Tile4,Tilt
local net = rho.torus { dims = { 4, 4, 4, 8, 2 }, wrap = { true, true, true, false, true },
                        names = "ABCDE", cores = 32, bandwidth = "2 GB/s" }
local mapping = rho.param("mapping", "Tile4")
local tiles = {
  Tile1 = { { 1, 1, 1, 8, 2, 32 }, { 8, 8, 8 } },
  Tile2 = { { 4, 4, 4, 4, 2, 1 }, { 8, 8, 8 } },
  Tile3 = { { 1, 1, 1, 8, 2, 32 }, { 1, 16, 32 } },
  Tile4 = { { 4, 4, 4, 4, 2, 1 }, { 1, 16, 32 } },
  Tilt = { { 4, 4, 4, 4, 2, 1 }, { 1, 16, 32 } },
}

local placement
if mapping == "Default" then
  placement = "ABCDET"
elseif mapping == "RR" then
  placement = "TABCDE"
else
  assert(tiles[mapping], "mapping: Default, RR, Tile1 .. Tile4 or Tilt")
  -- Fig. 3.4
  local torus = rho.rubik.autobox(net, 32)      -- A x B x C x D x E x T
  local mp_r = torus:size() // (16 * 32)
  local app = rho.rubik.box { mp_r, 16, 32 }
  torus:tile(tiles[mapping][1])                 -- tile the torus
  app:tile(tiles[mapping][2])                   -- tile the application
  torus:map(app)                                -- map MPI ranks to their destinations
  if mapping == "Tilt" then
    for _, tile in ipairs(torus:leaves()) do
      tile:tilt(2, 3)                           -- along B as C grows
    end
  end
  placement = torus
end

local grid = { 64, 16, 32 }
return rho.scenario {
  title = "pF3D on 1,024 BG/Q nodes, mapping " .. mapping,
  topology = net,
  routing = "BGQ",
  placement = placement,
  traffic = {
    rho.pattern.suba2a { dims = grid, along = { 3 }, size = "4 KiB" },
    rho.pattern.suba2a { dims = grid, along = { 2 }, size = "8 KiB" },
    rho.pattern.stencil { dims = grid, along = { 1 }, periodic = false, size = "256 KiB" },
    rho.pattern.stencil { dims = grid, along = { 1 }, periodic = false, size = "384 KiB" },
  },
}
