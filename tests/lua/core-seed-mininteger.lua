-- exit: 0
-- stdout: makespan
-- The scenario as rho writes it loads back: seed = math.mininteger was
-- written -9223372036854775808, which Lua reads as a float.
return rho.scenario {
  topology = rho.rc("RC", { rho.gpu("a"), rho.gpu("b") }),
  flows = { { "a", "b", size = 5 } },
  seed = math.mininteger,
}
