-- exit: 2
-- stderr: rho: tests/lua/lesson-network-predict.lua:4: lesson step 1: predict asks for a flow's factor, which only a PCIe scenario has
return rho.scenario { topology = rho.torus { dims = { 4, 4 } }, traffic = rho.pattern.umesh { size = "1 KiB" },
  lesson = { { text = "guess", predict = 1 } } }
