-- exit: 2
-- stderr: rho: tests/lua/sbx-flows-hole.lua:6: flows: item 2 is missing (nil) before item 3: a list has no holes
-- A hole in the flows (the flows after it were dropped).
return rho.scenario {
  topology = rho.t2(),
  flows = { [1] = { "0", "2", size = "1 MiB" }, [3] = { "1", "3", size = "1 MiB" } },
}
