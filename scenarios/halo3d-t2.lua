-- golden: --search  (tests/golden/run.sh also checks the search)
-- The halo exchange of a 3D domain decomposition on T2 (SC16 Sec. VIII-B):
-- 8 GPUs as a 2x2x2 cube whose coordinates are the bits of the GPU number,
-- so GPU g's neighbours are g^1, g^2 and g^4. Each GPU orders its three
-- sends one of 3! ways: (3!)^8 = 1,679,616 schedules in all.
return rho.scenario {
  title = "3D halo exchange on T2 (2x2x2 cube)",
  topology = rho.t2(),
  bandwidth = "11.6 GiB/s",
  tau = rho.param("tau", 1 - 1 / 1.21),
  placement = rho.place.identity(rho.devices(rho.t2())),
  flows = rho.halo {
    dims = { 2, 2, 2 },
    size = rho.param("size", "254 KiB"),
    order = rho.param("order", "dims"),
  },
}
