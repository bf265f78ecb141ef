-- MILC (su3_rmd) on 1,024 Blue Gene/Q nodes (Jain Sec. 3.1.4): 64 ranks a
-- node (16 cores x 4 threads), 65,536 ranks in a 16x16x16x16 grid, each
-- holding a 4x4x8x8 local lattice. Each step exchanges halos with the 8
-- neighbours in 4D, then the CG solver's 8-byte allreduce: two phases.
-- [GAP: the thesis says the messages are "a few kilobytes"; rho takes 8
-- KiB, a 4x8x8 face of 48-byte SU(3) vectors is 12 KiB and a 4x4x8 one 6.]
--
-- The mappings of Figs. 3.9 and 3.10 (rho.param "mapping"):
--   Default  ABCDET              RR  TABCDE
--   Node     a 4x4x2x2 block of the grid on each node (L618)
--   Tile1    4x4x4x4 blocks of the grid on 4x4x4x4 blocks of A, B, C, D
--   Tile2    the same blocks on 2x2x2x4x2x4 blocks of the torus and its
--            slots [GAP: the thesis gives Tile1's sizes only]
-- golden: --sweep mapping=Default,RR,Node,Tile1,Tile2
local net = rho.torus { dims = { 4, 4, 4, 8, 2 }, wrap = { true, true, true, false, true },
                        names = "ABCDE", cores = 64, bandwidth = "2 GB/s" }
local grid = { 16, 16, 16, 16 }
local mapping = rho.param("mapping", "Tile1")
local placement
if mapping == "Default" then
  placement = "ABCDET"
elseif mapping == "RR" then
  placement = "TABCDE"
elseif mapping == "Node" then
  placement = rho.place.blocked { dims = grid, block = { 4, 4, 2, 2 } }
else
  local torus_tile = ({ Tile1 = { 4, 4, 4, 4, 1, 1 }, Tile2 = { 2, 2, 2, 4, 2, 4 } })[mapping]
  assert(torus_tile, "mapping: Default, RR, Node, Tile1 or Tile2")
  local torus = rho.rubik.autobox(net)
  local app = rho.rubik.box(grid)
  torus:tile(torus_tile)
  app:tile { 4, 4, 4, 4 }
  torus:map(app)
  placement = torus
end

return rho.scenario {
  title = "MILC on 1,024 BG/Q nodes, mapping " .. mapping,
  topology = net,
  routing = "BGQ",
  placement = placement,
  traffic = {
    rho.pattern.stencil { dims = grid, size = "8 KiB" },
    rho.pattern.collective { algorithm = "allreduce-ring", size = "8 B", aggregate = true },
  },
}
