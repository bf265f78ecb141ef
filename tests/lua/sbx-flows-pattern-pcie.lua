-- exit: 2
-- stderr: rho: tests/lua/sbx-flows-pattern-pcie.lua:6: flows must be a list of flows such as { { "0", "2", size = "1 MiB" } }, not a traffic pattern (rho.pattern.alltoall) (patterns are for networks; rho.alltoall{} and the others make flows)
-- A pattern given as flows to a tree (it ran no flow).
return rho.scenario {
  topology = rho.t2(),
  flows = rho.pattern.alltoall{ size = "1 MiB" },
}
