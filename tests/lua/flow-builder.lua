-- exit: 0
-- stdout:    2  2    3    1 MiB   1 ms  1.084 ms  84.19 us  11.6 GiB/s
-- rho.flow makes the same flow as a table does.
return rho.scenario {
  topology = rho.t2(),
  flows = {
    rho.flow("0", "1", { size = "2 MiB", label = "first" }),
    rho.flow(2, 3, { size = "1 MiB", start = "1 ms" }),
  },
}
