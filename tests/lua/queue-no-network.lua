-- exit: 2
-- stderr: rho: tests/lua/queue-no-network.lua:6: queue: the queueing model needs a network or levels (give the tree a routing, use a network topology, or topology = rho.levels { ... })
return rho.scenario {
  topology = rho.t2(),
  flows = { { "0", "2", size = "1 MiB" } },
  queue = { load = 0.5 },
}
