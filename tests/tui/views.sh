#!/bin/sh
# End-to-end tests of moving about the views (tests/tui/lib.sh): N finds
# backwards, wide text scrolls sideways, the Map reports its selected
# cell.
BUILD=${1:-build}
RHO=$(pwd)/$BUILD/rho
TUI_SOCK=rho-views-$$
. tests/tui/lib.sh
tui_suite tui

# 1. / finds forwards, n next, N back; past the first it wraps, and says so
TUI_SOCK=rho-views-$$-1 # a server of its own: no race with the last one's end
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
TUI_SOCK=rho-views-$$-2
tui_start 100 30 "$RHO" scenarios/torus-5x5.lua
expect find-net-start "1 Network" 20
tui_keys 2 / '(' Enter
expect find-link "the 2nd hottest link"
tui_keys N
expect find-link-back "the 1st hottest link"
tui_keys N
expect find-link-wrap "hottest link, wrapped"
tui_stop

# 3. Why at 64x18: the explanation is taller and wider than the view; the
# last row says where the window is, j/k and l/h move it, Space goes on
# to the next flow (from the top again)
TUI_SOCK=rho-views-$$-3
tui_start 64 18 "$RHO" scenarios/table1.lua
expect why-start "Table I" 20
tui_keys 3
expect why-where "lines 1-12 of 18 (j/k, PgDn)  cols 1-64 of 71 (h/l)"
expect why-more-right "one at a t›"
tui_keys l
expect why-right "cols 8-71 of 71"
expect why-more-left "‹0 -> K0 -> SA -> K1 -> 2"
tui_keys h G
expect why-end "lines 7-18 of 18"
expect why-end-text "rate 0.3 x 11.6 GiB/s = 3.48 GiB/s"
tui_keys Space g
expect why-next-flow "flow 2 (1->4) at 0 s"
expect why-next-top "lines 1-"
tui_stop

# 4. Rounds at 64x24 (dragonfly, AD): the text of a round scrolls down and
# sideways; Space still steps the rounds
TUI_SOCK=rho-views-$$-4
tui_start 64 24 "$RHO" scenarios/dragonfly-small.lua
expect rounds-start "1Network" 30
tui_keys 5
expect rounds-where "lines 1-16 of 42 (j/k, PgDn)  cols 1-64 of 70 (h/l)" 60
tui_keys Right
expect rounds-right "cols 7-70 of 70"
tui_keys Left PageDown
expect rounds-down "lines 16-31 of 42"
expect rounds-links "links granted most"
tui_keys Space g
expect rounds-next "round 2/7"
tui_stop

# 5. the Stepper at 80x24 on the 2D halo (20 flows): j/k scroll the flows
TUI_SOCK=rho-views-$$-5
tui_start 80 24 "$RHO" scenarios/halo2d-t2.lua
expect stepper-start "2D halo" 20
tui_keys 4
expect stepper-window "flows 1-10 of 20"
tui_keys G
expect stepper-end "flows 11-20 of 20"
expect stepper-last "20 7→3"
tui_stop

# 6. the Map reports its selected cell; arrows and clicks move it
TUI_SOCK=rho-views-$$-6
tui_start 100 30 "$RHO" scenarios/torus-5x5.lua
expect map-start "1 Network" 20
tui_keys 3
expect map-selected "selected dim 0=0 dim 1=0: router (0,0)"
expect map-edge "dim 0 0→1 both ways: 2 links (dim 0 + and dim 0 -): 1 MiB, load 0.25 (max 0.50)"
tui_keys Right Down
expect map-arrows "selected dim 0=1 dim 1=1: router (1,1)"
# the node of cell (3, 2): 4 columns and 3 rows a cell, from (2, 7)
tui_click 14 13
expect map-click "selected dim 0=3 dim 1=2: router (3,2)"
tui_stop

# 7. a dragonfly's matrix: the pair of groups, then a router of a group
TUI_SOCK=rho-views-$$-7
tui_start 110 32 "$RHO" scenarios/dragonfly-small.lua
expect df-start "1 Network" 30
tui_keys 3
expect df-selected "selected group 0 to itself" 60
tui_keys Right
expect df-pair "selected group 0 → group 1: 1 link (L2): 2.5 MiB, load 0.64"
expect df-back "back, group 1 → group 0: 1 link (L2): 2.812 MiB, load 0.72"
tui_keys Enter
expect df-router "selected router g0.c0.r0 (group 0, chassis 0, slot 0), its out-links:"
# the group grows to 3x3 a glyph; a click on slot 3 of chassis 0
expect df-group-grown "c1 ▒▒▒▓▓▓"
tui_click 33 8
expect df-router-click "selected router g0.c0.r3 (group 0, chassis 0, slot 3)"
tui_stop

# 8. the Links view at 80x24 scrolls to its selected row, the header says
# which rows show
TUI_SOCK=rho-views-$$-8
tui_start 80 24 "$RHO" scenarios/dragonfly-small.lua
expect links-start "1 Network" 30
tui_keys 2
expect links-first "rows 1-16 of 360" 60
tui_keys PageDown PageDown
expect links-paged "rows 16-31 of 360"
expect links-row-31 "31 g"
tui_keys G
expect links-end "rows 345-360 of 360"
tui_stop

# 9. a fat tree has no map: its hottest links, Down selects the next
TUI_SOCK=rho-views-$$-9
tui_start 100 30 "$RHO" scenarios/fattree-k4.lua
expect ft-start "1 Network" 30
tui_keys 3
expect ft-first "selected link L0.0->L1.0, the 1st hottest: 1 link (up L0-L1): 8 MiB, load 1.00" 60
tui_keys Down Down
expect ft-third "selected link L0.1->L1.0, the 3rd hottest"
tui_stop
