-- exit: 2
-- stderr: rho: tests/lua/line-unknown-device.lua:16: flow 2: unknown device '9'
-- Errors point at what is wrong, not at the call: a flow naming an
-- unknown device is reported at the line of that name.
local size = "1 MiB"
return rho.scenario {
  title = "lines",
  topology = rho.rc("RC", {
    rho.switch("S", { rho.gpu("0"), rho.gpu("1") }),
  }),
  bandwidth = "11.6 GiB/s",
  tau = 0.2,
  flows = {
    { "0", "1", size = size },
    { "0",
      "9", size = size },
  },
}
