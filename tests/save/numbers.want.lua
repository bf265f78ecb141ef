-- Numbers stay numbers (in base units), in their shortest form.
-- edits: bandwidth 10 GiB/s; size 1 1.5 MiB; tau 0.1; start 1 0
return rho.scenario {
  topology = rho.t2(),
  bandwidth = 10737418240, -- bytes per second
  tau = 0.1,
  flows = {
    { "0", "1", size = 1572864, start = 0 },
  },
}
