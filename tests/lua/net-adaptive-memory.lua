-- args: -m link --max-memory 3GiB
-- exit: 3
-- stderr: rho: tests/lua/net-adaptive-memory.lua: the link model needs about 11.43 GiB for 115,037,286 messages, more than the 3 GiB allowed: it would fit on 5 MPI ranks (rho-mpi), or with --max-memory 11702MiB (or 3464MiB in runs of 4 identical messages)
return rho.scenario {
  topology = rho.network "df-thesis", routing = "AH", seed = 1,
  traffic = rho.pattern.umesh { size = "512 KiB" },
}
