-- exit: 2
-- stderr: rho: tests/lua/syntax.lua:4: '}' expected (to close '{' at line 3) near ')'
return rho.scenario {
  topology = rho.t2())
