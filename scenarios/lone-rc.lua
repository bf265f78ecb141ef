-- A lone copy across the root complex (SC16 Sec. III-B and VII): crossing
-- the RC costs tau even with nobody else around. With the paper's
-- tau = 1 - 1/1.21 = 0.17355, 0->4 gets factor 0.82645 and takes 1.21x as
-- long as 2->3 inside a K80 board, which runs at the same time but shares
-- no port with it.
return rho.scenario {
  title = "A lone root-complex crossing",
  topology = rho.t2(),
  bandwidth = "11.6 GiB/s",
  tau = 1 - 1 / 1.21,
  flows = {
    { "0", "4", size = "300 MiB", label = "crosses the RC" },
    { "2", "3", size = "300 MiB", label = "inside K1" },
  },
}
