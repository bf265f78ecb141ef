-- Jain Sec. 3.2: UMesh on a 512-node Blue Gene/Q partition (a 4x4x4x4x2
-- torus with the doubled E link, 16 ranks per node), placed in BG/Q's
-- default ABCDET order or one of the others: try
--   rho --batch -p placement=TABCDE scenarios/bgq-512-umesh.lua
--   rho --sweep placement=ABCDET,TABCDE,RDN scenarios/bgq-512-umesh.lua
-- golden: --sweep placement=ABCDET,TABCDE,RDN
return rho.scenario {
  title = "UMesh on BG/Q 512 nodes",
  topology = rho.network "bgq-512",
  routing = "DOR",
  placement = rho.param("placement", "ABCDET"),
  seed = 1,
  traffic = rho.pattern.umesh { size = "512 KiB" },
}
