-- args: --steps --format csv
-- exit: 0
-- stdout: 3,3,2,1,1,0.5,0.5,0.7,0
local function k80(name, a, b)
  return rho.switch(name, { rho.gpu(a), rho.gpu(b) })
end
return rho.scenario {
  title = 'Table I',
  topology = rho.rc('RC', {
    rho.switch('SA', { k80('K0', '0', '1'), k80('K1', '2', '3') }),
    rho.switch('SB', { k80('K2', '4', '5'), k80('K3', '6', '7') }),
  }),
  bandwidth = '11.6 GiB/s',
  tau = 0.2,
  flows = {
    { '0', '2', size = '300 MiB' },
    { '1', '4', size = '300 MiB' },
    { '3', '2', size = '300 MiB' },
    { '6', '4', size = '300 MiB', start = '0 ms' },
  },
}
