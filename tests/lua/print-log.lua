-- exit: 0
-- stderr: hello from the scenario	42
-- stdout: makespan 25.26 ms
print('hello from the scenario', 42)
return rho.scenario { topology = rho.t2(), bandwidth = '11.6 GiB/s', flows = { { '0', '1', size = '300 MiB' } } }
