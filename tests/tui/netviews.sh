#!/bin/sh
# The link model's views where they disagreed with themselves or the
# report: compare mode's phase estimate and phase, the Links view's
# selection and length, the Map's list of a fat-tree, the Jobs table's
# columns, narrow compare lines, and '/' in the Network view.
BUILD=${1:-build}
RHO=$(pwd)/$BUILD/rho
TUI_SOCK=rho-netviews-$$
. tests/tui/lib.sh
tui_suite tui-netviews

# two jobs of two phases each on a 5-group dragonfly
cat >"$dir/jobs.lua" <<'LUA'
return rho.scenario {
  title = "Two jobs on a small dragonfly with phases",
  topology = rho.dragonfly { groups = 5, chassis = 1, routers = 4, nodes = 2, cores = 2 },
  routing = "AD",
  placement = "RDN",
  seed = 7,
  jobs = {
    { name = "stencil-job", ranks = 40, traffic = { rho.pattern.stencil { nd = 2, size = "32 KiB" }, rho.pattern.permutation { how = "shift", size = "64 KiB" } } },
    { name = "a2a", traffic = { rho.pattern.alltoall { size = "4 KiB" }, rho.pattern.umesh { size = "16 KiB" } } },
  },
}
LUA

# a copy of its own for each start (kept edits of a stopped rho stay
# with their file)
nv_copy() {
    _nc="$dir/nv-$1-$(basename "$2")"
    cp "$2" "$_nc"
    echo "$_nc"
}

# 1. compare mode's phase estimate is the report's: the slowest message
# of the adaptive routings (rho -b), not the busiest link's busy time
est_of() {
    "$RHO" -b -p routing="$1" scenarios/dragonfly-small.lua |
        sed -n 's/^phase  *\([0-9.]* [mun]*s\).*/\1/p' | head -1
}
est_ad=$(est_of AD)
est_ai=$(est_of AI)
TUI_SOCK=rho-netviews-$$-1
tui_start 120 40 "$RHO" "$(nv_copy 1 scenarios/dragonfly-small.lua)"
expect nv-est-start "routing AD" 20
tui_gone "computing" 60
tui_keys R
expect nv-est-routing "routing AI" 20
tui_gone "computing" 60
tui_keys c 6
expect nv-est-compare "compare routing AD -> AI" 20
expect nv-est-report "phase est. $est_ad -> $est_ai ("
expect nv-est-metrics "in $est_ai (the phase estimate)"

# 7. at 60 columns no number loses its unit: whole fields go
tui_resize 60 16
tui_keys 2
expect nv-narrow-est "phase est. $est_ad -> $est_ai ("
expect_not nv-narrow-no-cut-max "max link 3.892 MiB -> 5"
expect_re nv-narrow-rows "^ +1  g[0-9.cgr>-]+(…)? +[0-9.]+ [KM]iB +[0-9.]+ [KM]iB +\\+[0-9.]+ [KM]iB up *\$"
expect_re nv-narrow-header "#  link .* change *\$"
tui_stop

# 2. compare mode compares the phase shown: phase 2's bytes in the
# compare line and the Links view's changes, as the header says
TUI_SOCK=rho-netviews-$$-2
tui_start 120 40 "$RHO" "$(nv_copy 2 "$dir/jobs.lua")"
expect nv-phase-start "routing AD" 20
tui_gone "computing" 60
tui_keys 2 ] ]
expect nv-phase-two "phase 2 of 2"
tui_keys R
expect nv-phase-routing "routing AI" 20
tui_gone "computing" 60
tui_keys c
expect nv-phase-compare "compare routing AD -> AI: max link 832 KiB -> 877.5 KiB" 20
expect_re nv-phase-links "^ +1  g1\\.c0\\.r2->g2\\.c0\\.r1 +L2 +240 KiB +808\\.2 KiB +\\+568\\.2 KiB up"
tui_keys '['
expect nv-phase-one "phase 1 of 2"
expect_not nv-phase-one-not-two "max link 832 KiB -> 877.5 KiB"
tui_keys '['
expect nv-phase-sum "compare routing AD -> AI: max link 1.188 MiB -> 1.544 MiB"

# 3. the Links view's selection stays on a row there is when the list
# shortens (AI lists 80 links in phase 2, AD 78)
tui_keys c ] ]
expect nv-sel-phase "phase 2 of 2"
tui_keys G
expect nv-sel-last "rows 49-80 of 80"
tui_keys u
expect nv-sel-undo "rows 47-78 of 78" 30
tui_keys Enter
expect nv-sel-explain "link g2.c0.r2->g2.c0.r1 (L1-row) in phase 2"
expect_not nv-sel-no-row "no link on row"

# 5. the Jobs table: whole names, the share on the busiest link, and
# the sort arrow on any column
tui_keys 7
expect_re nv-jobs-name "^ +1 stencil-job +AD "
expect_re nv-jobs-other "stencil-job [0-9]+% *\$"
tui_keys '>' '>'
expect nv-jobs-arrow-route "route↑"
tui_keys '<'
expect nv-jobs-arrow-rev "route↓"
for i in 1 2 3 4 5 6 7 8 9 10; do tui_keys '>'; done
expect nv-jobs-arrow-busiest "on its busiest↑"

# 8. '/' in the Network view finds the group and chassis rows and the
# links it shows
tui_keys 1 -
expect nv-find-start "▸ group 4"
tui_keys /
tui_type "group 4"
tui_keys Enter
expect nv-find-group "found group 4"
tui_keys /
tui_type "g3.c0.r2->g3.c0.r0"
tui_keys Enter
expect nv-find-link "found g3.c0.r2->g3.c0.r0"
expect nv-find-link-open "▾ g3.c0.r2"
expect nv-find-link-row "L1-row → g3.c0.r0"
tui_stop

# 6. every link is listed (dragonfly-small has 360), and '/' finds one
# far down the list
TUI_SOCK=rho-netviews-$$-3
tui_start 120 40 "$RHO" "$(nv_copy 3 scenarios/dragonfly-small.lua)"
expect nv-all-start "routing AD" 20
tui_gone "computing" 60
tui_keys 2
expect nv-all-links "rows 1-32 of 360"
tui_keys G
expect nv-all-last "rows 329-360 of 360"
expect_re nv-all-rank "^360 g"
last=$(tui_screen | sed -n 's/^360 \(g[0-9.cr]*->g[0-9.cr]*\) .*/\1/p')
tui_keys g
expect nv-all-top "rows 1-32 of 360"
tui_keys /
tui_type "$last"
tui_keys Enter
expect nv-all-find "found $last, the 360th hottest link"
expect nv-all-found-row "rows 329-360 of 360"
tui_stop

# 4. the Map's list of a fat-tree's hottest links scrolls to the last
# and says which rows show; after a resize the selection stays in view
TUI_SOCK=rho-netviews-$$-4
tui_start 120 40 "$RHO" "$(nv_copy 4 scenarios/fattree-k4.lua)"
expect nv-map-start "fat-tree" 20
tui_gone "computing" 60
tui_keys 3
expect nv-map-list "its hottest links"
tui_keys End Down Down
expect nv-map-last "the 32nd hottest"
expect nv-map-where "rows 5-32 of 32"
tui_resize 60 16
expect nv-map-small "rows 29-32 of 32"
tui_keys Up Up Up Up Up Up
expect nv-map-up "the 26th hottest"
expect_re nv-map-up-row "^26 L"
tui_stop
