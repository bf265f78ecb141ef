#!/bin/sh
# The PCIe views and the lesson pane on screens where things do not fit:
# every direct link can be reached, lines wrap or end in "…" at a word,
# what is left out is said, and the large text of the Teach view turns on
# at the terminal's size the manual gives.
BUILD=${1:-build}
RHO=$(pwd)/$BUILD/rho
TUI_SOCK=rho-pcieviews-$$
. tests/tui/lib.sh
tui_suite tui-pcieviews

# dump_has NAME TEXT SIZE:VIEW ARGS...: an ok/FAIL line for TEXT in the
# dump of the view
dump_has() {
    _dh_name=$1 _dh_text=$2
    shift 2
    if "$RHO" --dump "$@" 2>&1 | grep -qF -- "$_dh_text"; then
        echo "ok - tui $_dh_name"
    else
        echo "FAIL tui $_dh_name: '$_dh_text' not in --dump $*:"
        "$RHO" --dump "$@" 2>&1 | sed 's/^/    | /'
    fi
}

# dump_hasnt NAME EREGEX SIZE:VIEW ARGS...: ok when no line matches
dump_hasnt() {
    _dh_name=$1 _dh_re=$2
    shift 2
    if "$RHO" --dump "$@" 2>&1 | grep -qE -- "$_dh_re"; then
        echo "FAIL tui $_dh_name: /$_dh_re/ in --dump $*:"
        "$RHO" --dump "$@" 2>&1 | sed 's/^/    | /'
    else
        echo "ok - tui $_dh_name"
    fi
}

cp scenarios/machines/dgx-like.lua "$dir/dgx.lua"
cp scenarios/hol.lua "$dir/hol.lua"
cp scenarios/table1.lua "$dir/table1.lua"
cp -r scenarios/lessons "$dir/lessons"

# 1. the Tree: the direct links below the tree scroll with it (16
# NVLinks, 10 fitted at 120x40 and the rest could not be reached)
dump_has tree-links-where "lines 1-32 of 39 (j/k)" 120x40:tree "$dir/dgx.lua"
tui_start 120 40 "$RHO" "$dir/dgx.lua"
expect tree-start "rho  DGX-1-like" 20
expect_not tree-last-link-below "gpu6 = gpu7 nvlink x2"
tui_keys G
expect tree-last-link "gpu6 = gpu7 nvlink x2" 5
expect tree-end "lines 8-39 of 39 (j/k)"
expect tree-link-words "gpu6 = gpu7 nvlink x2 (46.6 GiB/s): carries 0.00 the first way"
tui_keys g
expect tree-top "lines 1-32 of 39 (j/k)" 5
expect tree-top-node " dgx: the machine"
tui_stop

# 6. the selected node in words at 100 columns: whole parts, then "…"
# (it was cut inside "(0 flows)")
tui_start 100 30 "$RHO" "$dir/dgx.lua"
expect node-start "rho  DGX-1-like" 20
tui_keys j j j
expect_re node-line-whole '^ PLX0 \(switch\): link to CPU0 .*(flows?\)|…) *$' 5
tui_stop

# 5. the note on a share above 1 at 60 columns: a form that fits whole,
# clear of the "lines" indicator (it was cut into "(rho-model(7  lines")
dump_has tree-note-fits "share > 1: rho-model(7)" 60x16:tree "$dir/hol.lua"
dump_hasnt tree-note-not-cut 'rho-model\(7 +lines' 60x16:tree "$dir/hol.lua"

# 3. the Stepper at 60 columns: where the window is on the flows, whole
# (it was a lone "f" at column 58)
dump_has stepper-window "flows 1-2 of 5 (j/k)" 60x16:stepper "$dir/hol.lua"
dump_hasnt stepper-no-lone-f 'D9 +f$' 60x16:stepper "$dir/hol.lua"
tui_start 60 16 "$RHO" "$dir/hol.lua"
expect stepper-start "Head-of-line blocking" 20
tui_keys 4
expect stepper-window-tui "flows 1-2 of 5 (j/k)" 5
tui_keys j
expect stepper-window-moved "flows 2-3 of 5 (j/k)" 5
tui_stop

# 4. the Flows view at 60 columns: the size goes so that the state is
# whole; 'e' keeps the column it edits while the edit is open
tui_start 60 16 "$RHO" "$dir/hol.lua"
expect flows-start "Head-of-line blocking" 20
tui_keys 2
expect flows-state-whole "0.1333 HOL-blocked" 5
expect_not flows-no-size "size"
tui_keys e
expect flows-edit-prompt "flow 1 size: 100 MiB" 5
expect flows-edit-keeps-size "dst            size" 5
tui_keys Escape
if tui_gone "dst            size" 5; then
    echo "ok - tui flows-edit-closed"
else
    echo "FAIL tui flows-edit-closed: the size column stays after Escape"
    tui_screen | sed 's/^/    | /'
fi
tui_stop

# 2. the lesson pane: the exercise and rho's answer wrap (they were cut
# mid-word), and the key hints give way to the step's number
for size in "80 24" "60 16"; do
    set -- $size
    (cd "$dir" && tui_start "$1" "$2" "$RHO" --lesson 3 lessons)
    expect "lesson-$1-start" "step 1 of 6" 20
    tui_keys NPage NPage NPage NPage NPage
    expect "lesson-$1-step6" "Lesson · step 6 of 6 ─" 5
    tui_keys p
    tui_type "7/10"
    tui_keys Enter
    expect "lesson-$1-right" "right, rho: 0.7 = 7/10" 5
    if [ "$1" = 80 ]; then
        expect_re "lesson-80-answer-whole" '^ +step 1\) *$' 5
    else
        expect_re "lesson-60-exercise-whole" '^ types it *$' 5
        expect_re "lesson-60-answer" '^ +right, rho: 0\.7 = 7/10 *$' 5
        expect lesson-60-hints "── Lesson · step 6 of 6 ─── PgDn next  = reveal  p predict ─"
    fi
    tui_stop
done

# 7. the Teach view's large text turns on by itself from a 200x55
# terminal, as rho(1) and the help say (it took 200x59: the view's size)
if "$RHO" --dump 200x55:teach --frame D9 "$dir/table1.lua" | grep -q "█"; then
    echo "ok - tui teach-big-200x55"
else
    echo "FAIL tui teach-big-200x55: no large text at 200x55"
fi
if "$RHO" --dump 200x54:teach --frame D9 "$dir/table1.lua" | grep -q "█"; then
    echo "FAIL tui teach-small-200x54: large text at 200x54"
else
    echo "ok - tui teach-small-200x54"
fi
