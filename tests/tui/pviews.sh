#!/bin/sh
# End-to-end tests of the PCIe views at 80x24 (tests/tui/lib.sh): what
# does not fit scrolls, and the last row says which lines show.
BUILD=${1:-build}
RHO=$(pwd)/$BUILD/rho
TUI_SOCK=rho-pviews-$$
. tests/tui/lib.sh
tui_suite tui

# 1. Teach at 80x24 (halo2d, time step 4, D8): the frame's sentences, 8
# flows and 4 chains take 29 lines; the window says so, and G (End), PgUp,
# g (Home) move it; the tree shown alone is wider than 80 and scrolls
# sideways with '>' and '<' (h and l step the algorithm)
TUI_SOCK=rho-pviews-$$-1
tui_start 80 24 "$RHO" scenarios/halo2d-t2.lua
expect teach-start "rho  2D halo" 20
tui_keys 9 ']' ']' ']' ']'
expect teach-step5 "time step 5/9  frame 1/"
tui_keys BSpace BSpace
expect teach-d8 "frame 20/21  D8: head-of-line blocking"
expect teach-where "lines 1-18 of 29 (j/k, PgDn)"
expect_not teach-chain-below "flow 20 shares SB->RC"
tui_keys G
expect teach-end "lines 12-29 of 29"
expect teach-last-chain "flow 20 shares SB->RC with flow 12, which RC->SA cuts"
tui_keys PageUp
expect teach-pgup "lines 1-18 of 29"
tui_keys j
expect teach-down "lines 2-19 of 29"
tui_keys g o
expect teach-tree "cols 1-78 of 102 (< >)"
expect teach-tree-more "sends: flo›"
tui_keys '>'
expect teach-tree-right "cols 9-86 of 102"
expect teach-tree-left-mark "‹"
tui_keys '<'
expect teach-tree-back "cols 1-78 of 102"
tui_stop

# 2. Timeline at 80x24 (t1-alltoall, 56 flows): 15 rows show, the row
# above the axis says so; PgDn pages, G goes to the last flow
TUI_SOCK=rho-pviews-$$-2
tui_start 80 24 "$RHO" scenarios/t1-alltoall.lua
expect tl-start "rho  All-to-all" 20
tui_keys 5
expect tl-where "lines 1-15 of 56 (j/k, PgDn)"
expect_not tl-16-below " 16 2→4 "
tui_keys PageDown
expect tl-paged "lines 15-29 of 56"
expect tl-row-29 " 29 4→5 "
tui_keys G
expect tl-end "lines 42-56 of 56"
expect tl-last " 56 7→6 "
tui_keys g
expect tl-top "lines 1-15 of 56"
tui_stop

# 3. a lesson's 10th tab shows its key, 0, and 0 opens it
TUI_SOCK=rho-pviews-$$-3
tui_start 80 24 "$RHO" scenarios/lessons/01-upstream.lua
expect tab0-start "── Lesson · step 1 of 6" 20
expect tab0-bar "9Teach 0Lesson"
tui_keys 2
expect tab0-flows "src      dst"
expect_not tab0-left "── Lesson · step"
tui_keys 0
expect tab0-back "── Lesson · step 1 of 6"
tui_stop

# 4. Home and End as tmux (and the console, and screen) send them, ESC [1~
# and ESC [4~, under TERM=xterm-256color, whose terminfo names others; a
# key curses does not know (F13, ESC [25~) is no key: not an Esc, a '[',
# a '2' (view 2), a '5' and a '~'
TUI_SOCK=rho-pviews-$$-4
tui_start 80 24 "$RHO" scenarios/t1-alltoall.lua
expect keys-start "rho  All-to-all" 20
tui_keys 5
expect keys-timeline "lines 1-15 of 56 (j/k, PgDn)"
tui_keys End
expect keys-end "lines 42-56 of 56"
tui_keys Home
expect keys-home "lines 1-15 of 56"
tui_tmux send-keys -t "$TUI_SESSION" -l "$(printf '\033[25~')"
tui_keys j
expect keys-unknown-dropped "lines 1-15 of 56"
expect_not keys-unknown-no-view2 "src      dst"
tui_stop
