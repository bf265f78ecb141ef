-- exit: 2
-- stderr: rho: tests/lua/sbx-queue-levels-class.lua:7: queue: levels: level 'a': the network has no class 'dim +' (it has 'dim 0 +', 'dim 0 -', 'dim 1 +', 'dim 1 -', 'dim 0', 'dim 1')
-- A level naming no class of the network: the file:line: form.
return rho.scenario {
  topology = rho.torus{ dims = { 4, 4 } }, size = "1 KiB",
  traffic = rho.pattern.alltoall{},
  queue = { levels = { { "a", "dim +" } } },
}
