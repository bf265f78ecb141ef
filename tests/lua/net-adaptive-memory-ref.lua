-- args: --engine reference
-- exit: 3
-- stderr: rho: tests/lua/net-adaptive-memory-ref.lua: the reference engine keeps every message of an adaptive run: 115,037,286 messages would need about 164.6 GiB, more than the 16.0 GiB allowed (the default engine needs less)
return rho.scenario {
  topology = rho.network "df-thesis", routing = "AH", seed = 1,
  traffic = rho.pattern.umesh { size = "512 KiB" },
}
