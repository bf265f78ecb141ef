#!/bin/sh
# End-to-end tests of the interactive screen, in tmux, as a person uses
# it: keys in, screen text out (tests/tui/lib.sh).
BUILD=${1:-build}
RHO=$(pwd)/$BUILD/rho
. tests/tui/lib.sh
tui_suite tui

# 1. Table I: the tree with its link loads, the flows with their factors
tui_start 100 30 "$RHO" scenarios/table1.lua
expect tree-title "rho  Table I"
expect tree-k0-load "K0                        ███████▎      0.60 6.96G ·                        2/0    11.6 GiB/s"
expect tree-gpu4-full "4 gpu                   ·                        ████████████  1.00 11.6G 0/2    11.6 GiB/s"
tui_keys Tab
expect flows-view "#↑   src      dst"
expect flows-hol "0.3000 HOL-blocked"
expect flows-end "36.08 ms   36.08 ms   0.7000 sending"

# 2. edit flow 3's size: it ends at half the time
tui_keys j j e C-u
expect edit-prompt "flow 3 size:"
tui_type "150 MiB"
tui_keys Enter
expect edit-status "flow 3: size 150 MiB"
expect edit-new-end "150 MiB        0 s   18.04 ms"
expect edit-dirty "edited"
# 3. undo brings 36.08 ms back; redo the edit
tui_keys u
expect undo "300 MiB        0 s   36.08 ms   36.08 ms"
tui_keys C-r
expect redo "150 MiB        0 s   18.04 ms"
# 4. why this number, for flow 1
tui_keys g Enter
expect why-view "flow 1 (0->2) at 0 s: factor 0.3 (3/10)"
expect why-hol "D8 head-of-line blocked: it shares K0->SA with flow 2"
# 5. the stepper: Space steps through Algorithm 1
tui_keys 4
expect stepper "frame 1 of 11"
tui_keys Space Space Space Space Space Space Space
expect stepper-step-c "frame 8 of 11"
expect stepper-port "Step C at K1->2, the downstream port of K1: 2 super communications"
# 6. help, from the key table; any key closes it
tui_keys '?'
expect help "quit (asks first if there are unsaved edits)"
# help pages: Space and PgDn page on, G goes to the end, g back, and the
# border says where (lines wrapped to the box, none cut)
expect help-where "lines 1-"
tui_keys Space
expect_re help-page "lines [1-9][0-9]-[0-9]+ of [0-9]+"
expect_not help-paged-past-top "quit (asks first if there are unsaved edits)"
tui_keys G
expect help-end "search the schedules in the background"
tui_keys g
expect help-top "lines 1-"
expect_re help-wrapped "│ {20,}Network \(a network\) +│"
tui_keys Escape
if tui_gone "asks first if there are unsaved edits" 3; then echo "ok - tui help-closes"; else echo "FAIL tui help-closes"; fi
# 7. themes: t cycles through the themes found
tui_keys t
expect theme "theme colorblind from themes/colorblind.yaml"
tui_keys t
expect theme-next "theme dark from themes/dark.yaml"
# 8. save: next to the script, and it loads back to the same result
tui_stop
cp scenarios/table1.lua "$dir/t.lua"
tui_start 100 30 "$RHO" "$dir/t.lua"
expect saved-start "rho  Table I"
tui_keys : 
tui_type "size 3 150 MiB"
tui_keys Enter s
expect save "saved to $dir/t.edited.lua"
if [ -f "$dir/t.edited.lua" ] && "$RHO" --batch "$dir/t.edited.lua" | grep -q "18.04 ms"; then
    echo "ok - tui saved-file-loads"
else
    echo "FAIL tui saved-file-loads"
fi
# the script itself, with only flow 3's size changed in place
sed 's/{ "3", "2", size = "300 MiB" }/{ "3", "2", size = "150 MiB" }/' "$dir/t.lua" >"$dir/t.want"
if cmp -s "$dir/t.want" "$dir/t.edited.lua"; then
    echo "ok - tui saved-in-place"
else
    echo "FAIL tui saved-in-place"
    diff "$dir/t.want" "$dir/t.edited.lua" | head -5
fi
# flows made by code are written out, and the status line says so
cp scenarios/halo2d-t2.lua "$dir/h.lua"
tui_stop
tui_start 100 30 "$RHO" "$dir/h.lua"
expect halo-start "2D halo exchange"
tui_keys :
tui_type "size 1 1 MiB"
tui_keys Enter s
expect halo-save "saved to $dir/h.edited.lua; written anew: flows (made by code)"
if grep -q "topology = rho.t2()," "$dir/h.edited.lua" && grep -q '{ 0, 1, size = "1 MiB" },' "$dir/h.edited.lua"; then
    echo "ok - tui halo-saved-keeps-builder"
else
    echo "FAIL tui halo-saved-keeps-builder"
fi
# 9. quit: q asks nothing after a save, and the terminal is restored
tui_keys q
expect quit-exit "[exit 0]"
if [ "$(tui_tmux display -p -t rho '#{alternate_on}')" = 0 ]; then
    echo "ok - tui quit-restores-terminal"
else
    echo "FAIL tui quit-restores-terminal: still in the alternate screen"
fi
tui_stop
# 9b. a script path over 1 KB saves to its real name, next to the script
long=$dir
for c in a b c d e f; do long=$long/$(printf "%0200d" 0 | tr 0 $c); done
mkdir -p "$long" && cp scenarios/table1.lua "$long/t.lua"
tui_start 100 30 "$RHO" "$long/t.lua"
expect long-start "rho  Table I"
tui_keys :
tui_type "tau 0.1"
tui_keys Enter s
expect long-save "t.edited.lua"
if [ -f "$long/t.edited.lua" ] && "$RHO" --batch "$long/t.edited.lua" | grep -q "tau = 0.1"; then
    echo "ok - tui long-path-saved"
else
    echo "FAIL tui long-path-saved"
    ls "$long"
fi
tui_stop

# 10. an external save reloads; a script error keeps the last good result
cp scenarios/table1.lua "$dir/w.lua"
tui_start 100 30 "$RHO" "$dir/w.lua"
expect watch-start "rho  Table I"
tui_keys Tab
expect watch-flows "36.08 ms   36.08 ms"
sed 's/{ "3", "2", size = "300 MiB" }/{ "3", "2", size = "75 MiB" }/' "$dir/w.lua" > "$dir/w.tmp" && mv "$dir/w.tmp" "$dir/w.lua"
expect watch-reload "reloaded $dir/w.lua after a change on disk" 5
expect watch-new-value "75 MiB        0 s    9.02 ms"
printf 'return rho.scenario {\n  topology = rho.t2(,\n}\n' > "$dir/w.lua"
expect error-pane "script error: the last good result stays" 5
expect error-line "w.lua:2:"
expect error-keeps-old "75 MiB        0 s    9.02 ms"
printf 'return rho.scenario {\n  topology = rho.t2(),\n  flows = { { "0", "1", size = "1 MiB" } },\n  tau = 1.5,\n}\n' > "$dir/w.lua"
expect error-field-line "w.lua:4: scenario: tau must be between 0 and 1, got 1.5" 5
cp scenarios/table1.lua "$dir/w.lua"
expect error-cleared "300 MiB        0 s   36.08 ms" 5
if tui_gone "script error: the last good result stays" 3; then echo "ok - tui error-pane-gone"; else echo "FAIL tui error-pane-gone"; fi

# 11. resize: too small says so, and it comes back
tui_resize 50 10
expect too-small "terminal too small: 50x10, rho needs 60x16"
tui_resize 100 30
expect resized-back "1 Tree   2 Flows"
# 12. q with unsaved edits asks first; Ctrl-C quits and restores the terminal
tui_keys :
tui_type "tau 0.1"
tui_keys Enter q
expect quit-guard "unsaved edits: q again quits without saving"
tui_keys C-c
expect ctrl-c "[exit 130]"
expect ctrl-c-kept "your unsaved edits are kept in"
rm -rf "$XDG_STATE_HOME" # not offered to the tests below
if [ "$(tui_tmux display -p -t rho '#{alternate_on}')" = 0 ]; then
    echo "ok - tui ctrl-c-restores-terminal"
else
    echo "FAIL tui ctrl-c-restores-terminal"
fi
tui_stop
# 12b. undoing every edit is the saved state again: no mark, q quits
tui_start 100 30 "$RHO" scenarios/table1.lua
expect undo-all-start "rho  Table I"
tui_keys :
tui_type "tau 0.1"
tui_keys Enter
expect undo-all-dirty "edited"
tui_keys u
if tui_gone "edited" 3; then echo "ok - tui undo-all-clean"; else echo "FAIL tui undo-all-clean"; fi
tui_keys C-r
expect redo-dirty "edited"
tui_keys u q
expect undo-all-quits "[exit 0]"
tui_stop

# 13. the schedule search in the background, and opening the fastest
tui_start 110 32 "$RHO" scenarios/halo2d-t2.lua
expect search-start "2D halo exchange"
tui_keys 8
expect search-intro "search tries 20,736 schedules"
tui_keys S
expect search-done "slowest/fastest 1.879" 20
tui_keys Enter
expect search-open "opened the fastest schedule"
tui_keys 2
expect search-open-time "107.1 us"
tui_stop

# 14. themes by name, and a broken theme: file:line:col, then the default
tui_start 100 30 "$RHO" --theme light scenarios/table1.lua
expect theme-option "theme light from themes/light.yaml"
tui_stop
printf 'title: red\nheat.warm: blue\n' > "$dir/bad.yaml"
tui_start 100 30 "$RHO" --theme "$dir/bad.yaml" scenarios/table1.lua
expect theme-bad "$dir/bad.yaml:2:1: unknown role 'heat.warm'; using the default theme"
expect theme-bad-runs "1 Tree   2 Flows"
tui_stop

# 15. ASCII and no colour
tui_start 100 30 "$RHO" -U -C scenarios/table1.lua
expect ascii-tree "| |-0 gpu"
tui_stop

# 16. a network: the link model's views on a small dragonfly
tui_start 110 32 "$RHO" scenarios/dragonfly-small.lua
expect net-tabs "1 Network   2 Links   3 Map   4 Classes   5 Rounds"
expect net-header "routing AD  placement RDN"
expect net-group0 "group 0"
tui_keys Enter
expect net-unfold "g0.c0"
tui_keys 2
expect net-links-hottest "g7.c1.r0->g7.c0.r0"
tui_keys Enter
expect net-link-why "link g7.c1.r0->g7.c0.r0 (L1-col): "
expect net-link-why-load "760.1 us busy, load 1.00 of the busiest"
tui_keys 3
expect net-matrix "L2 bytes from group (row) to group (column)"
tui_keys Enter
expect net-group-detail "group 0 (2x4): L2 out 22.44 MiB, in 23.69 MiB"
tui_keys 4
expect net-classes "L1-col"
tui_keys 5
expect net-rounds "round 1/7"
tui_keys Space Space
expect net-rounds-3 "1,647 of 6,538 paths still ask"
# / finds a router (unfolding its group and chassis) or a hot link
tui_keys 1 /
tui_type "g5.c1.r2"
tui_keys Enter
expect net-find "found g5.c1.r2"
expect net-find-unfolded "g5.c1.r3"
tui_keys 2 /
tui_type "g6.c0.r0"
tui_keys Enter
expect net-find-link "found g6.c0.r0->g0.c1.r2, the 7th hottest link"
tui_keys 5
# R and P edit the routing and placement; the model runs again; u undoes
tui_keys R
expect net-routing "routing AI (adaptive: see Rounds)"
expect net-routing-header "routing AI  placement RDN"
tui_keys P
expect net-placement "routing AI  placement RDR"
tui_keys u u
expect net-undo "routing AD  placement RDN"
tui_keys : 
tui_type "routing SD"
tui_keys Enter
expect net-static "No allocation rounds: this routing is static"
tui_stop
# a network scenario saves as Lua that loads to the same link loads
cp scenarios/dragonfly-small.lua "$dir/df.lua"
tui_start 110 32 "$RHO" "$dir/df.lua"
expect net-save-start "routing AD"
tui_keys P s
expect net-save "saved to $dir/df.edited.lua"
if "$RHO" -b -p placement=RDR "$dir/df.lua" | sed 1,4d >"$dir/a.txt" &&
   "$RHO" -b "$dir/df.edited.lua" | sed 1,4d >"$dir/b.txt" &&
   cmp -s "$dir/a.txt" "$dir/b.txt"; then
    echo "ok - tui net-saved-file-loads"
else
    echo "FAIL tui net-saved-file-loads"
    diff "$dir/a.txt" "$dir/b.txt" | head -5
fi
tui_stop

# 18-19. the Metrics view and the phases of the link views
. tests/tui/metrics.sh
. tests/tui/status.sh
# the Jobs view of a workload of several jobs
. tests/tui/jobs.sh
# compare mode: the last result against the one before the last edit
. tests/tui/compare.sh
# the link model computing after an edit: progress, the old numbers dimmed
. tests/tui/progress.sh
# the look-ahead: the routing R brings, computed while the screen waits
. tests/tui/ahead.sh
# SI's cost said before it runs: the status line, and batch's stderr
. tests/tui/si.sh
# what does not fit is left out or ends in "…"; Search moves, Stats scrolls
. tests/tui/drawing.sh

# 17. a torus: the minimap, its dimensions and the static-routing note
tui_start 100 30 "$RHO" scenarios/bgq-512-umesh.lua
expect torus-tabs "1 Network   2 Links   3 Map"
tui_keys 3
expect torus-minimap "A→ B↓  both directions, mean"
tui_keys y
expect torus-minimap-c "A→ C↓"
tui_keys 5
expect torus-static "No allocation rounds: this routing is static"
tui_stop
# the Rounds view says where the fast engine departed from the model, as
# the batch output does
tui_start 100 30 "$RHO" -p routing=AI scenarios/bgq-512-umesh.lua
tui_keys 5
expect torus-rounds-shared "Shared paths: identical AI/AH messages solved in runs of up to 4"
tui_stop

# 18. a class: the lesson opens on its pane over the Teach view; PgDn
# goes where a step looks, its question hides numbers until =; X exports
# the screen as an SVG for a slide, in the current directory
cp -r scenarios/lessons "$dir/lessons"
(cd "$dir" && tui_start 120 40 "$RHO" --lesson 3 lessons)
expect lesson-pane "Lesson · step 1 of 6"
expect lesson-teach "Algorithm 1  time step 1/2  frame 1/11"
tui_keys PageDown PageDown
expect lesson-question "Q: What do b and d get at SB->K2?"
expect lesson-teach-frame "frame 7/11  C SB->K2"
tui_keys =
expect lesson-revealed "A: b: 1/2 - tau = 3/10"
tui_keys X
expect lesson-export "exported the screen to rho-lesson-01.svg"
if [ -s "$dir/rho-lesson-01.svg" ] && grep -q "<svg" "$dir/rho-lesson-01.svg"; then
    echo "ok - tui lesson-export-file"
else
    echo "FAIL tui lesson-export-file: no $dir/rho-lesson-01.svg"
fi
# step 6 asks for a prediction: right reveals rho's; = hides it again, and
# the answer still reads right (it read "not a number")
tui_keys PageDown PageDown PageDown p
tui_type "0.7"
tui_keys Enter
expect lesson-predict-right "right, rho: 0.7 = 7/10"
tui_keys =
expect lesson-predict-hidden "0.7: right (= shows rho's)"
expect_not lesson-predict-not-nan "0.7: not a number"
tui_stop

# 18. the queueing model's view: load and slimming as edits, the optimal
# split beside the current one, the link model's hottest link per level
tui_start 110 32 "$RHO" scenarios/fattree-k4.lua
expect queue-tab "6 Metrics   7 Queue"
tui_keys 7
expect queue-point "saturation 93.13 GiB/s (bottleneck L0-L1)"
expect queue-hottest "L0-L1       █████████████████████████████████▌"
tui_keys +
expect queue-load "load 0.55 x 93.13 GiB/s = 51.22 GiB/s"
tui_keys '>'
expect queue-slim "slim 0.05   split built"
tui_keys o
expect queue-optimise "optimal split of 363.2 GiB/s (mu proportional to v): saturation 90.8 GiB/s, 1.026 x"
tui_keys u u
expect queue-undo "load 0.50 x 93.13 GiB/s = 46.57 GiB/s   slim 0.00"
tui_keys :
tui_type "split equal"
tui_keys Enter
expect queue-command "split equal"
tui_stop
# no message crosses a link: the Queue view says there is nothing to queue
tui_start 110 30 "$RHO" -p size=0B scenarios/ch6-designs.lua
tui_keys 7
expect queue-idle "no message crosses a link (each is between ends on one router, or of no bytes): nothing to queue"
tui_stop
# given levels: the Queue view alone; saved, it loads to the same model
cp scenarios/queue-gups.lua "$dir/g.lua"
tui_start 100 30 "$RHO" "$dir/g.lua"
expect queue-levels-tab "1 Queue"
expect queue-levels-bottleneck "saturation 486.4 MiB/s (bottleneck L2)"
tui_keys x s
expect queue-levels-save "saved to $dir/g.edited.lua"
if "$RHO" -b -p split=equal "$dir/g.lua" | sed 1d >"$dir/a.txt" &&
   "$RHO" -b "$dir/g.edited.lua" | sed 1d >"$dir/b.txt" &&
   cmp -s "$dir/a.txt" "$dir/b.txt"; then
    echo "ok - tui queue-saved-file-loads"
else
    echo "FAIL tui queue-saved-file-loads"
    diff "$dir/a.txt" "$dir/b.txt" | head -5
fi
tui_stop

# Flows at 80x24: the start column goes first so that the state is whole
# (htop's way), and a click on a column's header sorts on it, twice the
# other way
tui_start 80 24 "$RHO" scenarios/hol.lua
expect flows80-start "Head-of-line blocking"
tui_keys 2
expect flows80-state "0.1333 HOL-blocked"
expect_not flows80-no-start "start"
tui_click 42 3
expect flows80-click-sort "sorted by elapsed, ascending"
tui_click 42 3
expect flows80-click-reverse "sorted by elapsed, descending"
tui_stop

# "-" on a terminal: rho reads what is typed up to one Ctrl-D (the script's
# child could not: it is out of the terminal's process group)
tui_start 100 20 "$RHO" -b -
tui_type "return rho.scenario{topology=rho.t2(), flows={{'0','1',size='1 MiB'}}}"
tui_keys Enter
tui_keys C-d
expect stdin-terminal "1 MiB    0 s  84.19 us  84.19 us  11.6 GiB/s"
expect stdin-terminal-exit "[exit 0]"
tui_stop
