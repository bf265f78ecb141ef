-- The link model's smallest example: a 5x5 torus with dimension-order
-- routing. Node ids run with the first dimension fastest (id = x + 5 y),
-- so 0 is (0,0), 7 is (2,1), 3 is (3,0) and 21 is (1,4). DOR corrects x
-- first, the shorter way round (+ on a tie), then y:
--   0 -> 7:  (0,0) -> (1,0) -> (2,0) -> (2,1)          1 MiB on 3 links
--   3 -> 21: (3,0) -> (2,0) -> (1,0) -> (1,4) (wraps)  2 MiB on 3 links
-- golden: --links
return rho.scenario {
  title = "5x5 torus, dimension-order routing",
  topology = rho.torus { dims = { 5, 5 }, wrap = { true, true }, bandwidth = "2 GB/s" },
  routing = "DOR",
  flows = { { 0, 7, size = "1 MiB" }, { 3, 21, size = "2 MiB" } },
}
