-- The full prototype of Jain's thesis (Ch. 3): 960 groups of 6x16
-- routers, 4 nodes per router, 24 cores per node -- 92,160 routers,
-- 2,763,840 links and 8,847,360 ranks -- running UMesh (each rank sends
-- 512 KiB to 6-20 partners within 30 ranks: about 115 million messages)
-- placed in order, under static direct routing. The messages are streamed
-- from their generator, never stored; the thesis needed 512 cores for
-- about 5 minutes, rho takes seconds on two. Try -p placement=RDN for
-- random nodes (slower: most messages then leave their router), and
-- -p routing=AD, AI or AH for adaptive routing (AI and AH: half a minute
-- in order, 5 minutes at RDN, and 7 to 11 GiB).
return rho.scenario {
  title = "UMesh on the full 8.8M-core prototype",
  topology = rho.network "df-thesis",
  routing = rho.param("routing", "SD"),
  placement = rho.param("placement", "linear"),
  seed = 1,
  traffic = rho.pattern.umesh { size = "512 KiB" },
}
