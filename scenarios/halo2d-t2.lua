-- golden: --search  (tests/golden/run.sh also checks the search)
-- The halo exchange of a 2D domain decomposition on T2 (SC16 Sec. VIII-A,
-- the COSMO weather code): 8 GPUs as a 2x4 grid
--
--     0 1 2 3
--     4 5 6 7
--
-- each GPU sends one message to each grid neighbour (no wrap-around). Four
-- GPUs have three neighbours and four have two, so there are
-- (3!)^4 (2!)^4 = 20,736 ways to order the sends; this file uses one of
-- them (dimension by dimension, - before +). rho --search tries them all.
--
-- rho --param size="40 KiB" ... changes the message size.
return rho.scenario {
  title = "2D halo exchange on T2 (2x4 grid)",
  topology = rho.t2(),
  bandwidth = "11.6 GiB/s",
  tau = rho.param("tau", 1 - 1 / 1.21),
  placement = { "0", "1", "2", "3", "4", "5", "6", "7" },
  flows = rho.halo {
    dims = { 4, 2 },                       -- first dimension varies fastest
    size = rho.param("size", "254 KiB"),   -- COSMO: 40 KiB to 254 KiB
    order = rho.param("order", "dims"),
  },
}
