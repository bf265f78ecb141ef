-- A placement list: the moved rank's entry changes, in place.
-- edits: move 0 7; move 3 0
return rho.scenario {
  topology = rho.t2(),
  placement = {
    "0", "1", "2", "3", -- board K0 and K1
    "4", "5", "6", "7", -- board K2 and K3
  },
  flows = {
    { 0, 1, size = "1 MiB" },
    { 3, 2, size = "1 MiB" },
  },
}
