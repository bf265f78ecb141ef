-- exit: 2
-- stderr: rho: tests/lua/core-error-nul.lua:5: bad?hidden?[2J
-- error() with a NUL in its message: all of it is printed, control
-- characters as ?.
error("bad\0hidden\27[2J")
