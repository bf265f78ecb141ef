# The look-ahead (sourced by run.sh, with RHO and dir set): once the
# link model has a state's result, it computes the routings R brings,
# one after the other round the cycle, while the screen waits, and R then
# shows each at once, "computed ahead"; SI (per packet) is stepped over
# to the routing after it; after P, the placements P brings, round their
# cycle. --no-ahead turns it off. The small dragonfly: milliseconds a solve (a run under
# 0.2 s says nothing on the status line when it was computed).

cp scenarios/dragonfly-small.lua "$dir/ahead.lua"
tui_start 100 30 "$RHO" -p routing=SD "$dir/ahead.lua"
expect ahead-start "routing SD" 20
tui_gone "computing" 60
sleep 3 # (the look-ahead: AD, past SI)
tui_keys R R
expect ahead-r-r-ad "routing AD" 10
expect_re ahead-r-r-ad-at-once "link model: computed ahead \(it took [0-9.]+ s\)" 10
sleep 3 # (AI)
tui_keys R
expect ahead-r-ai "routing AI" 10
expect_re ahead-r-ai-at-once "link model: computed ahead \(it took [0-9.]+ s\)" 10
sleep 3 # (AH)
tui_keys R
expect ahead-r-ah "routing AH" 10
expect_re ahead-r-ah-at-once "link model: computed ahead \(it took [0-9.]+ s\)" 10
# after P, the placement P brings
tui_keys P
expect ahead-p-rdr "placement RDR" 10
sleep 3 # (RDC)
tui_keys P
expect ahead-p-rdc "placement RDC" 10
expect_re ahead-p-rdc-at-once "link model: computed ahead \(it took [0-9.]+ s\)" 10
tui_stop

# round the cycle: on df-40 (199,383 messages, AI and AH about 0.3 s a
# solve here) R four times at once goes SD, SI, AD, AI, AH, and AH is on
# screen at once -- with the next routing alone computed ahead, AI and
# then AH would compute as the keys came ("computing AH"). The link
# model alone: the status line says what the last run did, and the
# queueing model's would come after
cat > "$dir/ahead3.lua" <<'EOF'
return rho.scenario {
  title = "UMesh on df-40",
  topology = rho.network "df-40",
  routing = rho.param("routing", "SD"),
  placement = "RDN",
  seed = 3,
  traffic = rho.pattern.umesh { size = "64 KiB" },
}
EOF
tui_start 100 30 "$RHO" -m link "$dir/ahead3.lua"
expect ahead-cycle-start "routing SD" 20
tui_gone "computing" 60
# (AD, AI, AH, BGQ, DOR; a sanitizer slows them 5-15x)
if [ -n "${RHO_SANITIZED:-}" ]; then sleep 40; else sleep 6; fi
tui_keys R R R R
expect ahead-cycle-ah "routing AH" 10
expect_not ahead-cycle-ah-not-computing "computing AH"
expect_re ahead-cycle-ah-at-once "link model: computed ahead \(it took [0-9.]+ s\)" 10
# round to SD again: remembered
tui_keys R R R
expect ahead-cycle-sd "routing SD" 10
expect_not ahead-cycle-sd-not-computing "computing SD"
# and P's cycle under AH (RDN, RDR, RDC, RDG, RRN, ...): after P, the
# placements round it, and P three times at once shows RRN at once
tui_keys R R R R
expect ahead-cycle-ah-again "routing AH" 10
tui_keys P
expect ahead-cycle-p-rdr "placement RDR" 10
tui_gone "computing RDR" 60
if [ -n "${RHO_SANITIZED:-}" ]; then sleep 60; else sleep 8; fi
tui_keys P P P
expect ahead-cycle-p-rrn "placement RRN" 10
expect_not ahead-cycle-p-rrn-not-computing "computing RRN"
expect_re ahead-cycle-p-rrn-at-once "link model: computed ahead \(it took [0-9.]+ s\)" 10
tui_stop

# without it, R computes (and says nothing of a quick run); another copy
# (the one above left its edits to recover)
cp scenarios/dragonfly-small.lua "$dir/ahead2.lua"
tui_start 100 30 "$RHO" --no-ahead "$dir/ahead2.lua"
expect ahead-off-start "routing AD" 20
tui_gone "computing" 60
sleep 3
tui_keys R
expect ahead-off-r-ai "routing AI" 10
sleep 2
expect_not ahead-off-not-ahead "computed ahead"
tui_stop
