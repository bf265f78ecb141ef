-- args: -m link
-- exit: 3
-- stderr: rho: tests/lua/net-adaptive-memory.lua: an adaptive routing keeps every message in memory: 115037286 messages would need about 164.6 GiB, more than the 6 GiB rho allows (SD, SI and DOR stream any number of messages)
return rho.scenario {
  topology = rho.network "df-thesis", routing = "AH", seed = 1,
  traffic = rho.pattern.umesh { size = "512 KiB" },
}
