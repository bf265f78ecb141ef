-- args: -m link --max-memory 3GiB
-- exit: 3
-- stderr: rho: tests/lua/net-adaptive-memory.lua: the link model needs about 10.57 GiB for 115,037,286 messages, more than the 3 GiB allowed: it would fit on 5 MPI ranks (rho-mpi), or with --max-memory 10824MiB (or 3244MiB in runs of 4 identical messages)
return rho.scenario {
  topology = rho.network "df-thesis", routing = "AH", seed = 1,
  traffic = rho.pattern.umesh { size = "512 KiB" },
}
