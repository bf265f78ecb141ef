-- exit: 2
-- stderr: rho: tests/lua/flow-builder-option.lua:6: rho.flow: unknown option 'sise' (expected label, size, start, step, stream, via)
-- rho.flow checks its options.
return rho.scenario {
  topology = rho.t2(),
  flows = { rho.flow("0", "1", { sise = "1 MiB" }) },
}
