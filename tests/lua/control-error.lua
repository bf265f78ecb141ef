-- exit: 2
-- stderr: rho: tests/lua/control-error.lua:4: boom?]0;retitled?
-- a script's error() reaches the terminal with its control characters '?'
error("boom\27]0;retitled\7")
