# The look-ahead (sourced by run.sh, with RHO and dir set): once the
# link model has a state's result, it computes the routing R brings
# while the screen waits, and R then shows it at once, "computed ahead";
# SI (per packet) is stepped over to the routing after it; after P, the
# placement P brings. --no-ahead turns it off. The small dragonfly:
# milliseconds a solve (a run under 0.2 s says nothing on the status
# line when it was computed).

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
