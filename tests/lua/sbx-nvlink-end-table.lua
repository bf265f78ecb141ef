-- exit: 2
-- stderr: rho: tests/lua/sbx-nvlink-end-table.lua:6: topology: a direct link (nvlink): a must be a device's name, not a table
-- A link end changed to a table (it crashed rho).
local link = rho.nvlink("0", "1")
link.a = { "0" }
return rho.scenario { topology = rho.rc("RC", { rho.gpu("0"), rho.gpu("1"), link }) }
