-- Jain Ch. 4's communication kernels on a 1,024-node Blue Gene/Q
-- partition (4x4x4x8x2, a mesh in D; 16 ranks a node, 16,384 ranks),
-- under the task mappings whose performance Ch. 4 predicts from network
-- indicators (Tables 4.1 and 4.2). The kernels (rho.param "kernel", L1036):
--   halo2d   five-point stencil on a 128x128 grid: 4 messages a rank
--   halo3d   15-point stencil on 32x32x16: 6 faces and 8 corners, 14
--   suba2a   all-to-all in sub-communicators of 64 along one dimension of
--            a 64x16x16 grid
-- each with 8 B, 512 B, 16 KiB or 4 MiB a pair (rho.param "size"; under
-- 64 KiB BG/Q routes deterministically, from it on dynamically). The
-- mappings (rho.param "mapping"), a few of the thesis's 84: Default
-- (ABCDET), RR (TABCDE), Tile (the grid in blocks of one node's 16 ranks
-- on nodes in torus order, through Rubik), Tilt (blocks of 1,024 ranks on
-- 4x4x4 nodes of A, B, C, each tilted along A as B grows).
-- golden: --metrics
-- golden: --sweep mapping=Default,RR,Tile,Tilt
local net = rho.torus { dims = { 4, 4, 4, 8, 2 }, wrap = { true, true, true, false, true },
                        names = "ABCDE", cores = 16, bandwidth = "2 GB/s" }
local kernel = rho.param("kernel", "halo3d")
local size = rho.param("size", "16 KiB")
local kernels = {
  halo2d = { grid = { 128, 128 }, tile = { 4, 4 }, block = { 32, 32 },
             traffic = function(g) return rho.pattern.stencil { dims = g, size = size } end },
  halo3d = { grid = { 32, 32, 16 }, tile = { 2, 2, 4 }, block = { 8, 8, 16 },
             traffic = function(g) return rho.pattern.stencil { dims = g, corners = true, size = size } end },
  suba2a = { grid = { 64, 16, 16 }, tile = { 16, 1, 1 }, block = { 64, 16, 1 },
             traffic = function(g) return rho.pattern.suba2a { dims = g, along = { 1 }, size = size } end },
}
local k = assert(kernels[kernel], "kernel: halo2d, halo3d or suba2a")
local mapping = rho.param("mapping", "Default")
local placement
if mapping == "Default" then
  placement = "ABCDET"
elseif mapping == "RR" then
  placement = "TABCDE"
else
  assert(mapping == "Tile" or mapping == "Tilt", "mapping: Default, RR, Tile or Tilt")
  local torus = rho.rubik.autobox(net)          -- A x B x C x D x E x T
  local app = rho.rubik.box(k.grid)
  if mapping == "Tile" then
    torus:tile { 1, 1, 1, 1, 1, 16 }            -- a node each
    app:tile(k.tile)                            -- 16 ranks each
    torus:map(app)
  else
    torus:tile { 4, 4, 4, 1, 1, 16 }            -- 64 nodes each
    app:tile(k.block)                           -- 1,024 ranks each
    torus:map(app)
    for _, part in ipairs(torus:leaves()) do part:tilt(1, 2) end
  end
  placement = torus
end
return rho.scenario {
  title = "Jain Ch. 4 kernel " .. kernel .. ", " .. size .. ", mapping " .. mapping,
  topology = net,
  routing = "BGQ",
  placement = placement,
  traffic = k.traffic(k.grid),
}
