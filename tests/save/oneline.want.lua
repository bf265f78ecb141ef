-- edits: size 1 2 MiB; tau 0.3; add 2 3 1 KiB
return rho.scenario { topology = rho.t2(), flows = { { '0', '1', size = 2097152 }, { '2', '3', size = '1 KiB' } }, tau = 0.3 }
