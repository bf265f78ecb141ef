-- exit: 2
-- stderr: rho: tests/lua/sandbox-rholib.lua:3: undeclared global '_rholib'
local l = _rholib
