-- exit: 2
-- stderr: rho: tests/lua/torus-names-twice.lua:5: rho.torus: dimensions 1 and 3 are both named 'A' (each needs its own name)
-- two dimensions of one name merged into one class, and a placement
-- order such as "ABCT" read them as one
return rho.scenario { topology = rho.torus{ dims = {4, 2, 2}, names = {"A", "B", "A"} },
  traffic = rho.pattern.alltoall{}, size = 1 }
