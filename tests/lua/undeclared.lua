-- exit: 2
-- stderr: rho: tests/lua/undeclared.lua:3: undeclared global 'topolgy'
return rho.scenario { topology = topolgy }
