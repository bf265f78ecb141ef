-- exit: 2
-- stderr: rho: tests/lua/line-unknown-field.lua:8: scenario: unknown field 'bandwith' (did you mean 'bandwidth'?)
-- An unknown field: at its line.
return rho.scenario {
  title = "lines",
  topology = rho.t2(),
  -- a comment
  bandwith = "11.6 GiB/s",
  flows = { { "0", "1", size = "1 MiB" } },
}
