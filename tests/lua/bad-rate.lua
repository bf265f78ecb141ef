-- exit: 2
-- stderr: rho: tests/lua/bad-rate.lua:3: scenario: bandwidth: unknown rate unit 'GiB' in '11.6 GiB' (expected B/s, kB/s, KB/s, MB/s, GB/s, TB/s, PB/s, EB/s, KiB/s, MiB/s, GiB/s, TiB/s, PiB/s, EiB/s, bit/s, kbit/s, Mbit/s, Gbit/s, Tbit/s)
return rho.scenario { topology = rho.t2(), bandwidth = '11.6 GiB', flows = {} }
