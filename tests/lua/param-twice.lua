-- args: -p tau=0.3 -p tau=0.5
-- exit: 2
-- stderr: rho: --param tau given twice ('tau=0.3' and 'tau=0.5')
-- the first of two values was taken without a word
return rho.scenario { topology = rho.t2(), tau = rho.param('tau', 0.2),
  flows = { { '0', '4', size = '1 MiB' } } }
