-- exit: 2
-- stderr: rho: tests/lua/sbx-rc-bus.lua:6: topology: rho.rc 'RC': unknown option 'bus' (expected bandwidth)
-- rho.rc takes no bus: the saved scenario would not load back.
local r = rho.rc("RC", { rho.gpu("a"), rho.gpu("b") })
r.bus = "0000:00:00.0"
return rho.scenario { topology = r }
