-- A UTF-8 byte order mark starts the file: skipped, as lua(1) does,
-- args: 
-- exit: 2
-- stderr: rho: tests/lua/core-bom.lua:6: the lines stay right
-- and the lines stay right.
error("the lines stay right")
