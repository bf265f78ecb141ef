-- exit: 2
-- stderr: rho: tests/lua/net-phases-error.lua:6: phase 2: rho.pattern.permutation: permutation: transpose of 16 ranks with 3 rows (rows must divide the ranks)
-- An error in a later phase names the phase (at the list's first line).
return rho.scenario {
  topology = rho.torus { dims = { 4, 4 } },
  traffic = { rho.pattern.alltoall { size = "1 KiB" },
              rho.pattern.permutation { how = "transpose", rows = 3, size = "1 KiB" } },
}
