-- exit: 2
-- stderr: rho: tests/lua/bad-unit.lua:3: flow 1: size: unknown size unit 'mb' in '3 mb' (expected B, kB, KB, MB, GB, TB, PB, EB, KiB, MiB, GiB, TiB, PiB, EiB)
return rho.scenario { topology = rho.t2(), flows = { { '0', '1', size = '3 mb' } } }
