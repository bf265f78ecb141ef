-- One scenario, both models: the Table I flows on the paper's K80 tree,
-- timed by the PCIe congestion model, and the same tree seen as a network
-- (every node a router; links "up" toward the root complex and "down")
-- with the flows' bytes laid on its links by up/down routing. The link
-- model shows where the bytes go; the PCIe model how long they take.
-- golden: --links
-- golden: --sweep tau=0.1,0.2,0.3
return rho.scenario {
  title = "Table I, both models",
  topology = rho.rc("RC", {
    rho.switch("SA", { rho.k80("K0", "0", "1"), rho.k80("K1", "2", "3") }),
    rho.switch("SB", { rho.k80("K2", "4", "5"), rho.k80("K3", "6", "7") }),
  }),
  bandwidth = "11.6 GiB/s",
  tau = 0.2,
  routing = "UPDOWN",
  flows = {
    { "0", "2", size = "300 MiB" },
    { "1", "4", size = "300 MiB" },
    { "3", "2", size = "300 MiB" },
    { "6", "4", size = "300 MiB" },
  },
}
