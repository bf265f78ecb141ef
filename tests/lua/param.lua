-- args: -p size=1MiB -p tau=0.5
-- exit: 0
-- stdout: tau = 0.5
return rho.scenario { topology = rho.t2(), tau = rho.param('tau', 0.2),
  flows = { { '0', '4', size = rho.param('size', '300 MiB') } } }
