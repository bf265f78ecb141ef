-- exit: 0
-- stdout: no message crosses a link (12 messages, each between ends on one router or of no bytes): nothing to queue
-- A network of one router has no links: the queueing model has nothing to
-- queue, as when every message stays on its router (it failed, exit 2)
local net = rho.torus { dims = { 1 }, cores = 4 }
return rho.scenario { topology = net, size = 1000, traffic = rho.pattern.alltoall {} }
