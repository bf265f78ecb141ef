-- args: -f csv
-- exit: 0
-- stdout: 2,b,a,0,0.005,0.005,0,,
-- A flow of no bytes that takes no time has no average: an empty field,
-- as the text's - (it was 0)
return rho.scenario {
  topology = rho.rc("RC", { rho.switch("S", { rho.gpu("a"), rho.gpu("b") }) }),
  flows = { { "a", "b", size = "1 MiB" }, { "b", "a", size = "0 B", start = "5 ms" } },
}
