#!/bin/sh
# Editing, saving and the kept edits, where a person could lose work: a
# lesson whose exercise lost its flow, :q with unsaved edits, :save over
# the script under another spelling, a reload under an open edit, keys on
# a screen too small to show them, and recovery files (two scripts' names,
# a script that reads a file beside it, a script changed after the kill,
# keys while the kept edits load).
BUILD=${1:-build}
RHO=$(pwd)/$BUILD/rho
TUI_SOCK=rho-editing-$$
. tests/tui/lib.sh
tui_suite tui-editing

# the pid of the rho in the pane
rho_pid() {
    _rp_shell=$(tui_tmux display -p -t "$TUI_SESSION" '#{pane_pid}')
    pgrep -P "$_rp_shell" -x rho | head -1
}

# cmd TEXT: a ':' command, typed and entered
cmd() {
    tui_keys :
    tui_type "$1"
    tui_keys Enter
}

# 1. a lesson's flows stay while its steps name them (deleting one read
# past the flows: garbage, then a crash that lost the edits; then a save
# that did not load back); its exercise goes on
mkdir "$dir/les"
cp scenarios/lessons/03-hol.lua "$dir/les/"
tui_start 120 40 "$RHO" "$dir/les/03-hol.lua"
expect lesson-start "Lesson 3" 10
tui_keys NPage NPage NPage NPage NPage
expect lesson-exercise "Predict the factor of flow 3" 5
cmd "del 1"
expect lesson-flow-kept "flow 1 is in the lesson (step " 5
cmd "del 3"
expect lesson-flow-kept-3 "flow 3 is in the lesson (step " 5
expect lesson-exercise-on "Predict the factor of flow 3 (" 5
expect_not lesson-alive "[exit"
tui_stop

# 2. :q and :quit ask about unsaved edits as q does; :q again quits
cp scenarios/table1.lua "$dir/q.lua"
tui_start 100 30 "$RHO" "$dir/q.lua"
expect q-start "rho  Table I"
cmd "tau 0.3"
expect q-edited "edited"
cmd "quit"
expect q-asks "unsaved edits: :q (or q) again quits without saving, s saves" 5
expect_not q-still-running "[exit"
cmd "q"
expect q-quits "[exit 0]" 5
tui_stop

# 3. :save never over the script, whatever the spelling of its path
cp scenarios/table1.lua "$dir/s.lua"
tui_start 100 30 "$RHO" "$dir/s.lua"
expect save-start "rho  Table I"
cmd "tau 0.3"
cmd "save $dir/./s.lua"
expect save-refused "not over the script itself" 5
ln -s "$dir/s.lua" "$dir/link.lua"
cmd "save $dir/link.lua"
expect save-refused-link "not over the script itself" 5
if cmp -s scenarios/table1.lua "$dir/s.lua"; then
    echo "ok - tui save-script-kept"
else
    echo "FAIL tui save-script-kept: the script was written over"
fi
tui_stop

# 4. a reload while an edit is typed: the edit is dropped (it named flow 3,
# which the new text gives another flow), and the status line says so
cp scenarios/hol.lua "$dir/e.lua"
tui_start 100 30 "$RHO" "$dir/e.lua"
expect reload-start "Head-of-line blocking"
tui_keys Tab g j j e
expect reload-prompt "flow 3 " 5
sed '/"a0", *"k0"/d' scenarios/hol.lua >"$dir/e2.lua"
mv "$dir/e2.lua" "$dir/e.lua"
expect reload-dropped "the edit you were typing was dropped" 10
tui_keys Enter
expect_not reload-no-edit "edited"
tui_stop

# 5. a screen too small to show anything: keys do not edit blind
cp scenarios/table1.lua "$dir/small.lua"
tui_start 100 30 "$RHO" "$dir/small.lua"
expect small-start "rho  Table I"
tui_keys Tab
expect small-flows "#↑   src"
tui_resize 50 12
expect small-told "terminal too small" 5
tui_keys d d
sleep 0.5
tui_resize 100 30
expect small-back "#↑   src" 5
expect_not small-not-deleted "deleted"
expect_not small-not-edited "edited"
tui_stop

# 6. two scripts whose paths differ by '%' and '/' keep their edits apart
mkdir "$dir/a"
cp scenarios/table1.lua "$dir/a/b.lua"
cp scenarios/hol.lua "$dir/a%b.lua"
tui_start 100 30 "$RHO" "$dir/a/b.lua"
expect pct-start "rho  Table I"
cmd "tau 0.3"
expect pct-edited "edited"
kill -TERM "$(rho_pid)"
expect pct-kept "your unsaved edits are kept in" 5
tui_stop
tui_start 100 30 "$RHO" "$dir/a%b.lua"
expect pct-other "rho  Head-of-line blocking" 10
sleep 1
expect_not pct-not-taken "unsaved edits from a killed rho"
tui_stop
tui_start 100 30 "$RHO" "$dir/a/b.lua"
expect pct-own "unsaved edits from a killed rho" 10
tui_stop

# 7. a script that reads a file beside it (rho.hwloc): its kept edits load
# from the script's folder, not the state folder's
mkdir "$dir/hw"
cp tests/lua/hwloc/pcie-switch.xml "$dir/hw/node.xml"
cat >"$dir/hw/hw.lua" <<'EOF'
local m = rho.hwloc("node.xml")
local g = rho.devices(m, "gpu")
return rho.scenario { title = "hw", topology = m, flows = { { g[1], g[#g], size = "10 MiB" } } }
EOF
if "$RHO" -b "$dir/hw/hw.lua" >/dev/null 2>&1; then
    tui_start 100 30 "$RHO" "$dir/hw/hw.lua"
    expect hw-start "rho  hw"
    cmd "size 1 50 MiB"
    expect hw-edited "edited"
    kill -TERM "$(rho_pid)"
    expect hw-kept "your unsaved edits are kept in" 5
    tui_stop
    tui_start 100 30 "$RHO" "$dir/hw/hw.lua"
    expect hw-recovered "unsaved edits from a killed rho" 10
    expect hw-recovered-edited "edited"
    tui_stop
else
    echo "FAIL tui hw-script: $dir/hw/hw.lua does not run: $("$RHO" -b "$dir/hw/hw.lua" 2>&1 | head -1)"
fi

# 8. the script changed after the kill: the kept edits come back, and the
# question of a change under unsaved edits is asked
cp scenarios/table1.lua "$dir/c.lua"
tui_start 100 30 "$RHO" "$dir/c.lua"
expect changed-start "rho  Table I"
cmd "tau 0.3"
expect changed-edited "edited"
kill -TERM "$(rho_pid)"
expect changed-kept "your unsaved edits are kept in" 5
tui_stop
sleep 0.05
sed 's/Table I/Table One/' scenarios/table1.lua >"$dir/c.lua"
tui_start 100 30 "$RHO" "$dir/c.lua"
expect changed-asks "c.lua changed on disk: r reloads it, k keeps your edits, b both" 10
tui_keys r
expect changed-reloaded "rho  Table One" 10
tui_stop

# 9. keys wait while the kept edits load: an edit made meanwhile would be
# lost under them (or they under it, killed before they arrive)
# (about 3 s a load; a sanitizer is several times slower)
reps=60
[ -n "$RHO_SANITIZED" ] && reps=15
cat >"$dir/slow.lua" <<EOF
local x = 0
for i = 1, $reps do x = x + #string.rep("x", 1e7) end
return rho.scenario { title = "slow", topology = rho.t2(), size = "100 MiB",
  flows = { { "0", "4" }, { "2", "6" } } }
EOF
tui_start 100 30 "$RHO" --lua-time 60 "$dir/slow.lua"
expect slow-start "rho  slow" 60
cmd "tau 0.3"
expect slow-edited "edited"
kill -TERM "$(rho_pid)"
expect slow-kept "your unsaved edits are kept in" 5
tui_stop
tui_start 100 30 "$RHO" --lua-time 60 "$dir/slow.lua"
expect slow-taking "taking the unsaved edits kept in" 60
cmd "size 1 5 MiB"
expect slow-back "unsaved edits from a killed rho" 60
expect_not slow-not-sized "size 5 MiB"
tui_stop

# 10. the script touched, or saved again with the same text: nothing to
# reload, and no question over the unsaved edits
cp scenarios/table1.lua "$dir/t.lua"
tui_start 100 30 "$RHO" "$dir/t.lua"
expect touch-start "rho  Table I"
cmd "tau 0.3"
expect touch-edited "edited"
sleep 0.05
touch "$dir/t.lua"
cp "$dir/t.lua" "$dir/t2.lua" && mv "$dir/t2.lua" "$dir/t.lua"
sleep 1.5
expect_not touch-no-question "changed on disk"
expect touch-still-edited "edited"
sed 's/tau = 0.2/tau = 0.25/' scenarios/table1.lua >"$dir/t2.lua" && mv "$dir/t2.lua" "$dir/t.lua"
expect touch-real-change "t.lua changed on disk: r reloads it" 5
tui_stop

# 11. a prompt line wider than the screen scrolls: the end of what is typed
# and the cursor stay in sight, a "…" where the start went
cp scenarios/table1.lua "$dir/p.lua"
tui_start 60 16 "$RHO" "$dir/p.lua"
expect prompt-start "rho  Table I"
tui_keys :
tui_type "add 7 4 300 MiB at 12.5 ms and then some more words to pass the width END"
expect_re prompt-scrolls "^:…at 12.5 ms .* the width END *$" 5
tui_keys Escape
tui_stop

# 12. s over a NAME.edited.lua saved before this session says so (a save
# in this session writes over its own without a word)
cp scenarios/table1.lua "$dir/o.lua"
echo "-- another day's save" >"$dir/o.edited.lua"
touch -d '1 hour ago' "$dir/o.edited.lua"
tui_start 100 30 "$RHO" "$dir/o.lua"
expect older-start "rho  Table I"
cmd "tau 0.3"
tui_keys s
expect older-said "saved to $dir/o.edited.lua, over the one saved before this session" 5
cmd "tau 0.25"
tui_keys s
expect older-again "saved to $dir/o.edited.lua" 5
expect_not older-once "over the one saved before"
tui_stop

# 13. the search's schedules opened one after another: each is the one
# named (the second was read against the first's order: 168.4 us for
# the slowest 201.3 us)
cp scenarios/halo2d-t2.lua "$dir/h2.lua"
tui_start 100 40 "$RHO" "$dir/h2.lua"
expect sched-start "rho  2D halo"
tui_keys 8 S
expect sched-done "search done" 60
tui_keys g Enter
expect sched-fast "opened the fastest schedule" 5
tui_keys 2
expect sched-fast-end "107.1 us" 5
tui_keys 8 G Up Enter
expect sched-slow "opened the slowest schedule" 5
tui_keys 2
expect sched-slow-end "201.3 us" 5
tui_keys 8 g Down Enter
expect sched-median "opened the median schedule" 5
tui_keys 2
expect sched-median-end "155.3 us" 5
tui_stop

# 14. an edit the model cannot run (a flow between two hosts, whose path
# has no capacity) is refused with the model's reason: it was taken, and
# every view went blank without a word
cat >"$dir/hosts.lua" <<'LUA'
return rho.scenario {
  topology = rho.rc("RC", { rho.host("m0"), rho.host("m1"),
    rho.switch("S", { rho.gpu("a"), rho.gpu("b") }) }),
  size = "100 MiB", flows = { { "m0", "a" }, { "a", "b" } },
}
LUA
tui_start 100 30 "$RHO" "$dir/hosts.lua"
expect hosts-start "rho  untitled"
tui_keys Tab a
tui_type "m0 m1 1 MiB"
tui_keys Enter
expect hosts-refused "flow 3: no link from 'm0' to 'm1' has a capacity (give host memory a bandwidth)" 5
expect_not hosts-not-added "flow 3 added"
expect_not hosts-not-edited "edited"
tui_stop
