#!/bin/sh
# End-to-end tests of moving about the views (tests/tui/lib.sh): N finds
# backwards, wide text scrolls sideways, the Map reports its selected
# cell.
BUILD=${1:-build}
RHO=$(pwd)/$BUILD/rho
. tests/tui/lib.sh
if ! command -v tmux >/dev/null 2>&1; then
    echo "FAIL tui: tmux is not installed (make installs it)"
    exit 0
fi
dir=$(mktemp -d)
XDG_STATE_HOME=$dir/state
export XDG_STATE_HOME
trap 'tui_stop; rm -rf "$dir"' EXIT

# 1. / finds forwards, n next, N back; past the first it wraps, and says so
tui_start 100 30 "$RHO" scenarios/table1.lua
expect find-start "rho  Table I" 20
tui_keys / K Enter
expect find-first "found K0"
tui_keys n
expect find-next "found K1"
tui_keys N
expect find-prev "found K0"
tui_keys N
expect find-prev-wraps "found K3, wrapped"
tui_keys n
expect find-next-wraps "found K0, wrapped"
# the flows' find too (the family's): back from flow 2 to 1, then 4
tui_keys 2 / - '>' Enter
expect find-flow "found flow 2 (1->4)"
tui_keys N
expect find-flow-back "found flow 1 (0->2)"
tui_keys N
expect find-flow-back-wraps "found flow 4 (6->4), wrapped"
tui_stop

# 2. the link model: N in the Links view goes back among the hottest links
tui_start 100 30 "$RHO" scenarios/torus-5x5.lua
expect find-net-start "1 Network" 20
tui_keys 2 / '(' Enter
expect find-link "the 2nd hottest link"
tui_keys N
expect find-link-back "the 1st hottest link"
tui_keys N
expect find-link-wrap "hottest link, wrapped"
tui_stop
