-- exit: 2
-- stderr: rho: tests/lua/line-bad-unit.lua:8: scenario: bandwidth: unknown rate unit 'GiBps' in '11.6 GiBps' (expected B/s, kB/s, KB/s, MB/s, GB/s, TB/s, PB/s, EB/s, KiB/s, MiB/s, GiB/s, TiB/s, PiB/s, EiB/s, bit/s, kbit/s, Mbit/s, Gbit/s, Tbit/s)
-- A bad unit: at the line of the field.
return rho.scenario {
  title = "lines",
  topology = rho.t2(),

  bandwidth = "11.6 GiBps",
  flows = { { "0", "1", size = "1 MiB" } },
}
