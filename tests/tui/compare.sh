# Compare mode of the link views (sourced by run.sh, with RHO and dir
# set): c compares the last result with the one before the last edit;
# the numbers are those `rho --batch` prints for the two routings.

# the max and mean of the "all" row of a batch report's class table
all_max() {
    sed -n 's/^all .* \([0-9.]* [KMGT]*i*B\)  *[0-9.]* [KMGT]*i*B$/\1/p' "$1"
}
all_mean() {
    sed -n 's/^all  *[0-9,]*  *[0-9,]*  *[0-9.]* [KMGT]*i*B  *[0-9.]* [KMGT]*i*B  *[0-9.]* [KMGT]*i*B  *\([0-9.]* [KMGT]*i*B\) .*/\1/p' "$1"
}

"$RHO" -b -m link scenarios/dragonfly-small.lua >"$dir/ad.txt"
"$RHO" -b -m link -p routing=AI scenarios/dragonfly-small.lua >"$dir/ai.txt"
admax=$(all_max "$dir/ad.txt") aimax=$(all_max "$dir/ai.txt")
admean=$(all_mean "$dir/ad.txt") aimean=$(all_mean "$dir/ai.txt")
cp scenarios/dragonfly-small.lua "$dir/cmp.lua"
tui_start 80 24 "$RHO" "$dir/cmp.lua"
expect compare-start "1 Network" 20
expect compare-ad "routing AD" 20
tui_keys 2 c
expect compare-nothing-yet "compare: no earlier result yet"
tui_keys R
expect compare-routing-ai "routing AI" 20
expect compare-summary "compare routing AD -> AI: max link $admax -> $aimax (+" 20
expect compare-mean "mean link $admean -> $aimean (+"
expect_re compare-changed "[0-9,]+ of 360 links changed, [0-9,]+ up, [0-9,]+ down; max L1-row [+-]"
expect_re compare-links-table "^ +1  g[0-9.cr]+->g[0-9.cr]+ +L[12][a-z-]* +[0-9.]+ [KM]iB +[0-9.]+ [KM]iB +[+-][0-9.]+ [KM]iB (up|down)"
# the Network view: each row's change beside its bytes out and in
tui_keys 1
expect compare-network-header "chg out  chg in"
expect_re compare-network-group " group 0 .*[0-9.]+ [KM]iB +([+-][0-9]+%|new) +([+-][0-9]+%|new)\$"
tui_keys 2
tui_keys Enter
expect_re compare-enter "link g[0-9.cr]+->g[0-9.cr]+ \\(L[12][a-z-]*\\): [0-9.]+ [KM]iB -> [0-9.]+ [KM]iB, busy "
# undo: the AI result is now the one before
tui_keys u
expect compare-undo "compare routing AI -> AD: max link $aimax -> $admax (-" 20
# c again: the hottest links as before
tui_keys c
expect compare-off "compare mode off"
expect_not compare-off-summary "compare routing"
expect compare-off-hottest "# link"
tui_keys 1
expect compare-off-network "busiest link"
expect_not compare-off-network-change "chg out"
tui_keys 2
tui_stop
