-- exit: 2
-- stderr: rho: tests/lua/sbx-node-bandwidth-huge.lua:5: topology: 'a': bandwidth must be finite ("unlimited": no limit)
-- math.huge is no rate ("unlimited" is).
return rho.scenario { topology = rho.rc("RC", {
  rho.gpu("a", { bandwidth = math.huge }), rho.gpu("b") }) }
