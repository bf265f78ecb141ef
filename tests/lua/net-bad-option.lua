-- exit: 2
-- stderr: rho: tests/lua/net-bad-option.lua:4: rho.dragonfly: unknown field 'grups' (did you mean 'groups'?)
return rho.scenario {
  topology = rho.dragonfly { grups = 9 },
  flows = { { 0, 5, size = "1 MiB" } },
}
