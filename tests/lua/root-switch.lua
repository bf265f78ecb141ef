-- exit: 2
-- stderr: rho: tests/lua/root-switch.lua:3: topology: the root must be a root complex (rho.rc) or a machine (rho.machine), not switch 'S'
return rho.scenario { topology = rho.switch('S', { rho.gpu('0') }), flows = {} }
