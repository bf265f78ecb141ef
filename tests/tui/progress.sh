# The link model computing after an edit (sourced by run.sh, with RHO
# and dir set): the last result stays, dimmed, under a line that says
# whose numbers they are and how far the new run is, with an estimate;
# the new result then replaces it; Esc stops a run; q q quits at once
# while one computes (--no-ahead: R computes, none is computed ahead).
# Workload 1 on 40 groups: AD takes about half a second, AI a second and
# a half (ten times as long under ASan).

# tui_dimmed TEXT: 0 when the row holding TEXT is drawn dim (SGR 2)
tui_dimmed() {
    tui_tmux capture-pane -p -e -t "$TUI_SESSION" | grep -F -- "$1" |
        grep -q "$(printf '\033')\[\([0-9;]*;\)\?2[;m]"
}

cp scenarios/dragonfly-workload.lua "$dir/w20.lua"
tui_start 140 30 "$RHO" --no-ahead -p routing=AD "$dir/w20.lua"
expect progress-start "1 Network" 30
if tui_gone "computing" 120; then
    echo "ok - tui progress-first-result"
else
    echo "FAIL tui progress-first-result: still computing"
    tui_screen | sed 's/^/    | /'
fi
expect progress-first-ad "routing AD" 5
# R: AI computes; AD's numbers stay, dimmed, and the header says so
tui_keys R
expect_re progress-stale-label "old: AD's numbers; computing AI: [a-z ]+ [0-9]+%" 20
if tui_dimmed "group"; then
    echo "ok - tui progress-stale-dimmed"
else
    echo "FAIL tui progress-stale-dimmed: the old numbers are not dim"
    tui_tmux capture-pane -p -e -t "$TUI_SESSION" | sed -n '4,8p' | cat -v | sed 's/^/    | /'
fi
expect_re progress-estimate "computing AI: [a-z ]+ [0-9]+%, (estimating|about [0-9]+ (s|min|h) left in this phase|under a second left in this phase)" 20
# then AI's result replaces them, drawn as usual
if tui_gone "old: AD's numbers" 120; then
    echo "ok - tui progress-new-result"
else
    echo "FAIL tui progress-new-result: the old numbers stay"
    tui_screen | sed 's/^/    | /'
fi
# (the queueing model computes after it: the model on screen goes first)
if tui_gone "computing" 60; then
    echo "ok - tui progress-new-not-computing"
else
    echo "FAIL tui progress-new-not-computing: still computing"
    tui_screen | sed 's/^/    | /'
fi
if tui_dimmed "group"; then
    echo "FAIL tui progress-new-not-dimmed"
else
    echo "ok - tui progress-new-not-dimmed"
fi
# Esc stops the next run: AI's numbers stay, and the header says so
tui_keys R
expect progress-stopping "old: AI's numbers; computing AH" 20
tui_keys Escape
expect progress-stopped-status "stopped the link model" 10
expect progress-stopped-label "old: AI's numbers; AH was stopped (Esc)" 10
# an edit runs it again; q q while it computes quits at once
tui_keys u
expect progress-undo "routing AI" 10
# AI's numbers are of this state: shown again as they are, not computed
if tui_gone "old: AI's numbers" 5; then
    echo "ok - tui progress-undo-remembered"
else
    echo "FAIL tui progress-undo-remembered: computed again"
    tui_screen | sed 's/^/    | /'
fi
expect_not progress-undo-not-computing "computing"
# back to AD by a command (a new state, the same scenario): its result
# from the memory, at once, and the status line says so
tui_keys :
tui_type "routing AD"
tui_keys Enter
expect progress-memory-ad "routing AD" 10
expect_re progress-memory-status "link model: remembered \(it took [0-9.]+ s\)" 10
expect_not progress-memory-not-old "old: AI's numbers"
tui_keys u
expect progress-memory-undo "routing AI" 10
tui_keys R
expect progress-again "old: AI's numbers; computing AH" 20
t0=$(date +%s.%N)
tui_keys q q
if tui_wait "[exit" 10; then
    t1=$(date +%s.%N)
    ms=$(echo "($t1 - $t0) * 1000 / 1" | bc)
    # (the screen is read every 0.1 s; ASan and a loaded machine are slow)
    if [ "$ms" -lt 3000 ]; then
        echo "ok - tui progress-quit-while-computing ($ms ms)"
    else
        echo "FAIL tui progress-quit-while-computing: $ms ms"
    fi
else
    echo "FAIL tui progress-quit-while-computing: rho did not exit"
    tui_screen | sed 's/^/    | /'
fi
tui_stop
