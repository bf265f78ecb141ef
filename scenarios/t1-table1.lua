-- Topology T1 (SC16 Fig. 1): the four K80 boards hang off one 80-lane
-- switch under the root complex, so nothing crosses the RC. The copies of
-- Table I here: compare with scenarios/table1.lua on T2.
return rho.scenario {
  title = "Table I flows on T1",
  topology = rho.t1(),
  bandwidth = "11.6 GiB/s",
  tau = 0.2,
  size = "300 MiB",
  flows = {
    { "0", "2" }, { "1", "4" }, { "3", "2" }, { "6", "4" },
  },
}
