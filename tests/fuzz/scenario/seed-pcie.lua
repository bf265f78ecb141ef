return rho.scenario {
  title = "seed",
  topology = rho.rc("RC", { rho.switch("S", { rho.gpu("0"), rho.gpu("1"), rho.nic("n") }) }),
  bandwidth = "10 GB/s", tau = 0.2,
  flows = { { "0", "1", size = "1 MiB" }, { "n", "0", size = "2 MiB", start = "1 ms", label = "x" } },
}
