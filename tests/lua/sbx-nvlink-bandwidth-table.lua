-- exit: 2
-- stderr: rho: tests/lua/sbx-nvlink-bandwidth-table.lua:6: topology: nvlink '0'-'1': bandwidth must be a rate such as "25 GB/s", not a table
-- A link changed after rho.nvlink made it (it crashed rho).
local link = rho.nvlink("0", "1")
link.bandwidth = { "25 GB/s" }
return rho.scenario { topology = rho.rc("RC", { rho.gpu("0"), rho.gpu("1"), link }) }
