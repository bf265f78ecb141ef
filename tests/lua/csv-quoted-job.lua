-- args: --messages -f csv -m link
-- exit: 0
-- stdout: 1,"say ""hi"", then",0,1,1024,
-- A job's name holds a quote and a comma: the CSV field is quoted and
-- its quote doubled (RFC 4180), so that a reader gets the name back.
return rho.scenario {
  title = "quoted job",
  topology = rho.torus { dims = { 2 } },
  jobs = {
    { name = 'say "hi", then', traffic = rho.pattern.alltoall { size = "1 KiB" }, ranks = 2 },
  },
}
