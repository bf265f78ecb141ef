-- Jain Sec. 3.2: UMesh on a 512-node Blue Gene/Q partition (a 4x4x4x4x2
-- torus with the doubled E link, 16 ranks per node), placed in BG/Q's
-- default ABCDET order or one of the others, and routed as BG/Q routes
-- (Jain L981): deterministically below 64 KiB, longest dimension first,
-- a tie (E, always half way round) split over both E links; dynamically
-- (every minimal path) from 64 KiB on. Under plain DOR every E message
-- takes E+, and the 512 E- links carry nothing. Try
--   rho --batch -p placement=TABCDE scenarios/bgq-512-umesh.lua
--   rho --sweep placement=ABCDET,TABCDE,RDN scenarios/bgq-512-umesh.lua
-- golden: --sweep placement=ABCDET,TABCDE,RDN
-- golden: --sweep routing=DOR,BGQ
return rho.scenario {
  title = "UMesh on BG/Q 512 nodes",
  topology = rho.network "bgq-512",
  routing = rho.param("routing", "BGQ"),
  placement = rho.param("placement", "ABCDET"),
  seed = 1,
  traffic = rho.pattern.umesh { size = "512 KiB" },
}
