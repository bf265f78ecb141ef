-- exit: 0
-- stdout: placement  explicit, 32 ranks
-- Rubik in Lua: tile, map, tilt, zigzag, where and at agree with each
-- other; the box is the placement.
local net = rho.torus { dims = { 4, 4 }, cores = 2 }
local torus = rho.rubik.autobox(net)
assert(tostring(torus) == "rho.rubik 4x4x2")
local app = rho.rubik.box { 8, 4 }
torus:tile { 2, 2, 2 }
app:tile { 2, 4 }
assert(#torus:children() == 4 and #app:leaves() == 4)
assert(app:leaves()[2]:size() == 8 and app:leaves()[2]:shape()[2] == 4)
torus:map(app)
-- rank 9 = (2, 1) of the app is element 1 of tile 1 = (0, 0, 1) of the
-- torus's tile 1 = (0, 2, 0)..: (0, 2, 1)
local w = torus:where(9)
assert(w[1] == 0 and w[2] == 2 and w[3] == 1, table.concat(w, ","))
assert(torus:at { 0, 2, 1 } == 9)
torus:tilt(1, 2):zigzag(2, 1, 1, 1)
for r = 0, 31 do assert(torus:at(torus:where(r)) == r) end
local ok, err = pcall(function() torus:tile { 2, 2, 2 } end)
assert(not ok and err:find("already cut"), err)
return rho.scenario {
  topology = net, placement = torus,
  traffic = rho.pattern.alltoall { size = "1 KiB" },
}
