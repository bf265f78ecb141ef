-- exit: 2
-- stderr: rho: tests/lua/sbx-link-by-hand.lua:4: topology: a direct link: a must be a device's name, not a nil
-- A link table made by hand, without its ends (it crashed rho).
return rho.scenario { topology = rho.rc("RC", { rho.gpu("0"), rho.gpu("1"), { _rho = "pcie-link" } }) }
