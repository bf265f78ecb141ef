-- args: -m link
-- exit: 0
-- stdout: perm   DOR          2  perm reverse n=2, 1000 B                 2  1.953 KiB   1.953 KiB     1000 B
-- Jobs beside explicit flows: the last job's ranks are its own (2), not
-- the flows' offset 0 less its offset (it read -10)
local net = rho.torus { dims = { 4, 3 } }
return rho.scenario { topology = net, size = 1000, jobs = {
  { traffic = rho.pattern.stencil { nd = 2 }, ranks = 6, name = "st" },
  { traffic = rho.pattern.alltoall {}, ranks = 4, routing = "SD" },
  { traffic = rho.pattern.permutation { how = "reverse" }, name = "perm" } },
  flows = { { 0, 11, size = 7777 }, { 3, 5 } } }
