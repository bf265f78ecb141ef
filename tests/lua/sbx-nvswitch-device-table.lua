-- exit: 2
-- stderr: rho: tests/lua/sbx-nvswitch-device-table.lua:6: topology: nvswitch 'F': devices[1] must be a device's name, not a table
-- A fabric device changed to a node table (it crashed rho).
local fab = rho.nvswitch("F", { "0", "1" })
fab.devices[1] = rho.gpu("0")
return rho.scenario { topology = rho.rc("RC", { rho.gpu("0"), rho.gpu("1"), fab }) }
