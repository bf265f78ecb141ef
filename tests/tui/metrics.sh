# The link model's Metrics view and its phases (sourced by run.sh, with
# RHO and dir set): the values on screen are those `rho --batch
# --metrics` prints for the same scenario, phase and edit.

# rho runs on copies in $dir: the edits left unsaved when a test stops
# rho go to recovery files of the copies, never of scenarios/ (which the
# next start on that script would load)
# the metrics section of a batch report: the row of a class (all), as a
# regex
metrics_all() {
    sed -n '/^metrics /,$p' "$1" | grep "^${2:-all} " | tui_row_re
}

# 18. MILC (two phases) at 80x24: the indicators of the sum, scrolled
"$RHO" -b --metrics scenarios/milc-bgq.lua >"$dir/milc.txt"
sed '/rho.pattern.collective/d' scenarios/milc-bgq.lua >"$dir/milc1.lua"
"$RHO" -b --metrics "$dir/milc1.lua" >"$dir/milc1.txt"
sed 's/routing = "BGQ"/routing = "DOR"/' scenarios/milc-bgq.lua >"$dir/milcdor.lua"
"$RHO" -b --metrics "$dir/milcdor.lua" >"$dir/milcdor.txt"
dil=$(sed -n 's/^dilation   hops on the minimal route: \([^ ]*\) on average, \([^ ]*\) at most.*/\1 hops on average on the minimal route, \2 at most/p' "$dir/milc.txt")
dilao=$(sed -n 's/.*sum dilation AO \([^;]*\);.*/\1/p' "$dir/milc.txt")
fifo=$(sed -n 's/.*max inj FIFO \([0-9]*\).*/\1/p' "$dir/milc.txt")
cost=$(sed -n 's/^cost       //p' "$dir/milc.txt")
busy2=$(sed -n 's/^    2  allreduce.* \(([0-9,]*)->([0-9,]*)\) .*/\1/p' "$dir/milc.txt")
busy2b=$(sed -n 's/^    2  allreduce.*)  *\([0-9.]* [KMG]*i*B\)  .*/\1/p' "$dir/milc.txt")
cp scenarios/milc-bgq.lua "$dir/m18.lua"
tui_start 80 24 "$RHO" "$dir/m18.lua"
expect metrics-start "1 Network" 20
tui_keys 6
expect metrics-tab "6 Metrics"
expect metrics-sum-header "all 2 phases summed ([ ] picks one)"
expect_re metrics-all-row "^ $(metrics_all "$dir/milc.txt")\$"
expect_re metrics-e-row "^ $(metrics_all "$dir/milc.txt" 'E -')\$"
expect metrics-dilation "dilation  $dil"
expect metrics-scroll-note "lines 1-16 of"
tui_keys G
expect_re metrics-table42-dilation "sum dilation AO +$dilao( |\$)"
expect_re metrics-table42-fifo "max inj FIFO +$fifo( |\$)"
expect metrics-coll-cost "$cost"
expect metrics-design "(the phase estimate)"
tui_keys g
# ] picks phase 1: the header says so, the values are phase 1's alone
tui_keys ']'
expect metrics-phase1-header "phase 1 of 2 (stencil4d"
expect_re metrics-phase1-all-row "^ $(metrics_all "$dir/milc1.txt")\$"
expect_not metrics-phase1-no-coll-cost "allreduce"
tui_keys ']'
expect metrics-phase2-header "phase 2 of 2 (allreduce-ring"
tui_keys 2
expect links-phase2-hottest "$busy2"
tui_keys Enter
expect links-phase2-why "in phase 2: $busy2b"
tui_keys ']'
expect phase-back-to-sum "all 2 phases summed"
tui_keys '['
expect phase-prev-wraps "phase 2 of 2 (allreduce-ring"
tui_keys ']' 6
# an edit (the routing) runs the model again: the view follows
tui_keys :
tui_type "routing DOR"
tui_keys Enter
expect metrics-routing "routing DOR" 20
# BG/Q's routing doubles the E links both ways; DOR leaves E- idle
expect_re metrics-routing-e-row "^ $(metrics_all "$dir/milcdor.txt" 'E -')\$" 20
tui_stop

# 19. at 200x60 everything is in view; a placement edit is followed
"$RHO" -b --metrics scenarios/dragonfly-small.lua >"$dir/df.txt"
"$RHO" -b --metrics -p placement=RDR scenarios/dragonfly-small.lua >"$dir/dfrdr.txt"
cp scenarios/dragonfly-small.lua "$dir/df19.lua"
tui_start 200 60 "$RHO" "$dir/df19.lua"
expect metrics-wide-start "1 Network" 20
tui_keys 6
expect_re metrics-wide-all-row "^ $(metrics_all "$dir/df.txt")\$"
expect metrics-wide-design "B/s/\$"
expect_not metrics-wide-no-scroll "lines 1-"
expect metrics-wide-placement "placement RDN"
tui_keys ']'
expect metrics-one-phase "the traffic has one phase"
tui_keys P
expect metrics-placement "placement RDR" 20
expect_re metrics-placement-all-row "^ $(metrics_all "$dir/dfrdr.txt")\$" 20
tui_stop

# 20. the metrics route every message once more (seconds on a large
# system): they are made off the loop -- the view says so with the part
# done, the other views answer meanwhile, Esc stops them, Enter starts
# them again -- and then they are the batch's. 240 dragonfly groups of
# UMesh on random nodes: about two seconds of metrics here.
cat >"$dir/df240.lua" <<'LUA'
return rho.scenario {
  title = "UMesh on 240 groups",
  topology = rho.dragonfly { groups = 240, chassis = 6, routers = 16, nodes = 4, cores = 24 },
  routing = "SD", placement = "RDN", seed = 1,
  traffic = rho.pattern.umesh { size = "512 KiB" },
}
LUA
"$RHO" -b --metrics "$dir/df240.lua" >"$dir/df240.txt"
tui_start 200 60 "$RHO" "$dir/df240.lua"
expect metrics-big-start "1 Network" 20
tui_keys 6
expect metrics-big-computing "computing the metrics" 60
tui_keys Escape
expect metrics-big-stopped "the metrics were stopped (Esc)"
expect_re metrics-big-stopped-status "stopped the metrics( and the queueing model)?: Enter computes them again"
tui_keys Enter
expect metrics-big-again "computing the metrics"
# while they compute, the Links view answers and says so at once
tui_keys 2
expect metrics-big-links-live "# link " 2
tui_keys 6
expect_re metrics-big-all-row "^ $(metrics_all "$dir/df240.txt")\$" 60
expect_not metrics-big-done "computing the metrics"
tui_stop
