#!/bin/sh
# Lessons as a class meets them, on paper, in dumps and on the screen:
# where a step looks is checked (what the scenario tells at once, what
# the run tells once it ran) and a wrong focus is refused with its line;
# the lessons' golden sweeps run; the scroll hint under the lesson pane
# does not offer PgDn (the next step); an exercise's flow stays hidden in
# the stepper's sentence and the Why view; the dragonfly Map's header
# gives the busiest pair of groups whatever a cell holds.
BUILD=${1:-build}
case $BUILD in
/*) RHO=$BUILD/rho ;;
*) RHO=$(pwd)/$BUILD/rho ;;
esac
TUI_SOCK=rho-lessons2-$$
. tests/tui/lib.sh
tui_suite tui-lessons2

out=$dir/out
err=$dir/err

# run NAME WANT_EXIT STDERR_TEXT|- STDOUT_TEXT|- ARGS...: rho in batch,
# an ok/FAIL line for its exit status and what it printed (t, with the
# stderr text first)
T_SUITE=lessons2
. tests/cli/lib.sh
run() {
    n=$1 w=$2 e=$3 o=$4
    shift 4
    t "$n" "$w" "$o" "$e" -- "$@"
}

# lacks NAME TEXT: an ok/FAIL line for TEXT not in the last output
lacks() {
    if grep -qF -- "$2" "$out"; then
        echo "FAIL lessons2 $1: '$2' shows: $(grep -F -- "$2" "$out" | head -1)"
    else
        echo "ok - lessons2 $1"
    fi
}

# lesson FILE STEPS...: Table I on T2 with the lesson's steps (lines 8 on)
lesson() {
    f=$1
    shift
    {
        echo 'return rho.scenario {'
        echo '  title = "bad focus",'
        echo '  topology = rho.t2(),'
        echo '  tau = 0.2,'
        echo '  size = "300 MiB",'
        echo '  flows = { {"0","2"}, {"1","4"}, {"3","2"}, {"6","4"} },'
        echo '  lesson = {'
        for st in "$@"; do
            echo "    $st,"
        done
        echo '  },'
        echo '}'
    } >"$dir/$f"
}

# 1. a lesson's focus: checked as its other fields are, with its line
cd "$dir" || exit 1
lesson tq.lua '{ text = "x", focus = { view = "teach", frame = "Q" } }'
lesson port.lua '{ text = "x", focus = { view = "teach", frame = "C SB->K9" } }'
lesson f99.lua '{ text = "a", focus = { view = "teach", frame = "A" } }' \
    '{ text = "b" }' '{ text = "z", focus = { view = "stepper", frame = 99 } }'
lesson s9.lua '{ text = "x", focus = { step = 9 } }'
lesson noview.lua '{ text = "x", focus = { frame = "D8" } }'
lesson links.lua '{ text = "x", focus = { view = "links" } }'
lesson f0.lua '{ text = "x", focus = { view = "teach", frame = 0 } }'
lesson tree.lua '{ text = "x", focus = { view = "tree", frame = "D8" } }'
lesson ok.lua '{ text = "x", focus = { view = "teach", frame = "C SB->K2" } }' \
    '{ text = "y", focus = { frame = "D8" }, predict = 1 }' \
    '{ text = "z", focus = { view = "tree", step = 2 } }'
cat >torus.lua <<'EOF'
return rho.scenario {
  title = "torus",
  topology = rho.torus { dims = { 4, 4 } },
  traffic = rho.pattern.umesh { size = "64 KiB" },
  lesson = {
    { text = "look", focus = { view = "teach", frame = "D9" } },
  },
}
EOF
run handout-frame-q 2 "rho: tq.lua:8: lesson step 1: focus: frame 'Q': not a frame" - --handout tq.lua
lacks handout-frame-q-printed "Look at: the Teach view, frame Q."
run handout-no-port 2 "port.lua:8: lesson step 1: focus: frame 'C SB->K9': the tree has no port SB->K9" - --handout port.lua
run handout-frame99 2 "rho: f99.lua:10: lesson step 3: focus: frame 99: time step has 11 frames" - --handout f99.lua
run handout-step9 2 "s9.lua:8: lesson step 1: focus: the run has no time step 9 (it has 2 time steps)" - --handout s9.lua
run handout-frame-no-view 2 "noview.lua:8: lesson step 1: focus: frame 'D8' with no view to show it" - --handout noview.lua
run handout-frame-tree 2 "tree.lua:8: lesson step 1: focus: frame 'D8': the tree view has no frames" - --handout tree.lua
run handout-frame0 2 "f0.lua:8: lesson step 1: focus: frame 0: frames count from 1" - --handout f0.lua
run handout-links 2 "links.lua:8: lesson step 1: focus: no links view for this scenario" - --handout links.lua
run handout-torus-teach 2 "torus.lua:6: lesson step 1: focus: no teach view for this scenario" - --handout torus.lua
run answer-frame99 2 "f99.lua:10: lesson step 3:" - --answer 1 f99.lua
run handout-good 0 - "Look at: the Teach view, frame C SB->K2." --handout ok.lua
run answer-good 0 - "step 2: right" --answer 0.3 ok.lua
run dump-frame1 2 "f99.lua:10: lesson step 3: focus: frame 99: time step has 11 frames" - --dump 80x24:lesson --frame 1 f99.lua
lacks dump-frame1-not-doubled "frame 99: frame 99"
run dump-frame-q 2 "tq.lua:8: lesson step 1: focus: frame 'Q'" - --dump 80x24:lesson --frame 1 tq.lua
run dump-good 0 - "Lesson · step 1 of 3" --dump 80x24:lesson --frame 1 ok.lua
# without --frame too: a slide of a step that cannot be shown is no slide
run dump-refuses 2 "f99.lua:10: lesson step 3: focus: frame 99: time step has 11 frames" - --dump 80x24:lesson f99.lua
cd - >/dev/null || exit 1

# in the explorer: the message with its line, at once
(cd "$dir" && tui_start 100 30 "$RHO" f99.lua)
tui_wait "Lesson" 20 >/dev/null
expect explorer-focus-error "f99.lua:10: lesson step 3: focus: frame 99: time step has 11" 10
tui_stop

# 2. the lessons' golden sweeps run, with the numbers their texts give
run sweep-06-routing 0 - "     SI  7.391 MiB  3.833 MiB     6.018" --sweep routing=SD,SI,AD,AI,AH -q -j 1 scenarios/lessons/06-dragonfly.lua
run sweep-06-placement 0 - "   linear    7.5 MiB" --sweep placement=RDN,RDC,linear -q -j 1 scenarios/lessons/06-dragonfly.lua
run sweep-07-placement 0 - "   TABCDE  101.5 MiB  33.54 MiB     3.216" --sweep placement=ABCDET,TABCDE,RDN -q -j 1 scenarios/lessons/07-torus.lua

# 3. under the lesson pane PgDn is the next step, not a scroll
run hint-dump 0 - "lines 1-13 of 17 (j/k)" --dump 80x24:lesson --frame 3 scenarios/lessons/03-hol.lua
lacks hint-dump-no-pgdn "PgDn)"
mkdir -p "$dir/slides"
run hint-slides 0 - - --export text 80x24:lesson --frames "$dir/slides/s" scenarios/lessons/03-hol.lua
cat "$dir"/slides/s-*.txt >"$out"
lacks hint-slides-no-pgdn "(j/k, PgDn)"

# 4. an exercise's flow: hidden in the sentence too
run hidden-sentence 0 - "Flow 3: ? -> ?." --dump 80x24:lesson --frame 6 scenarios/lessons/03-hol.lua
lacks hidden-sentence-input "Flow 3: 0.5"
run hidden-groups 0 - "{2} in by RC->SB, R ?, crosses the" --dump 120x40:lesson --frame 3 scenarios/lessons/03-hol.lua
lesson why.lua '{ text = "why b", focus = { view = "explain", flow = 2 }, ask = "a?", answer = "x", hide = { 1 } }' \
    '{ text = "step", focus = { view = "stepper", frame = "D9", flow = 3 }, predict = 3 }'
run hidden-why-neighbour 0 - "flow 2 shares a port with flow 1, whose numbers the lesson's question asks for" --dump 100x20:lesson --frame 1 "$dir/why.lua"
lacks hidden-why-neighbour-numbers "blocked flows leave"
run hidden-stepper 0 - "? -> ?." --dump 100x30:lesson --frame 2 "$dir/why.lua"
lacks hidden-stepper-input "0.5 -> ?"
lacks hidden-stepper-columns "1.0000  1.0000  0.5000  0.5000"

# 5. the dragonfly Map: the busiest pair whatever a cell holds
run map-2x2 0 - "busiest 3.875 MiB, cells: 2x2 means" --dump 80x20:lesson --frame 3 scenarios/lessons/06-dragonfly.lua
run map-narrow 0 - "L2 bytes: busiest 3.875 MiB, cells 2x2 means" --dump 70x20:lesson --frame 3 scenarios/lessons/06-dragonfly.lua
run map-1x1 0 - "L2 bytes from group (row) to group (column), busiest 3.875 MiB" --dump 200x55:lesson --frame 3 scenarios/lessons/06-dragonfly.lua
