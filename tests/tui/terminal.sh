#!/bin/sh
# The terminal rho runs on, as a person meets it: every signal that would
# end rho restores the terminal and keeps unsaved edits (the tty's modes
# read back with stty in the same pane); SIGPIPE is ignored; a slow script
# at the start shows a screen that answers keys at once; a terminal that
# cannot show the explorer (TERM unknown, unset, dumb) is refused with a
# message and status 2; a screen too small says so on one line; a prompt
# whose line is full says so instead of cutting a paste.
#
#   sh tests/tui/terminal.sh BUILD      (BUILD/rho; default build)
BUILD=${1:-build}
case $BUILD in
/*) RHO=$BUILD/rho ;;
*) RHO=$(pwd)/$BUILD/rho ;;
esac
TUI_SOCK=rho-terminal-$$
. tests/tui/lib.sh
tui_suite tui-terminal

# the pid of the rho in the pane
rho_pid() {
    _rp_shell=$(tui_tmux display -p -t "$TUI_SESSION" '#{pane_pid}')
    pgrep -P "$_rp_shell" -x rho | head -1
}

# After rho, the pane's shell prints its status and the tty's modes that a
# raw terminal turns off: "[rho N] stty: icrnl onlcr icanon echo" when all
# are back.
AFTER='; echo "[rho $?] stty: $(stty -a | tr " ;" "\n\n" | grep -x -E -e "-?(icrnl|onlcr|icanon|echo)" | tr "\n" " ")"'
SANE="stty: icrnl onlcr icanon echo"

# 1. every signal whose default action ends rho: the edits are kept and
# named, the terminal is restored, the status is 128 + n (Linux numbers)
cp scenarios/default.lua "$dir/d.lua"
for sn in USR1:10 ALRM:14 XCPU:24 XFSZ:25 VTALRM:26 PROF:27 HUP:1 TERM:15; do
    sig=${sn%:*} num=${sn#*:}
    rm -rf "$XDG_STATE_HOME"
    tui_start 100 30 "$RHO" "$dir/d.lua" "$AFTER"
    expect "sig-$sig-start" "1 Tree   2 Flows" 10
    tui_keys 2 d
    expect "sig-$sig-edited" "edited" 5
    pid=$(rho_pid)
    if [ -z "$pid" ]; then
        echo "FAIL tui sig-$sig: no rho in the pane"
        continue
    fi
    kill -"$sig" "$pid"
    expect "sig-$sig-status" "[rho $((128 + num))]" 5
    expect "sig-$sig-stty" "$SANE" 2
    expect "sig-$sig-says-kept" "your unsaved edits are kept in" 1
    if [ -n "$(find "$XDG_STATE_HOME" -name '*d.lua.lua' 2>/dev/null)" ]; then
        echo "ok - tui sig-$sig-recovery-file"
    else
        echo "FAIL tui sig-$sig-recovery-file: none under $XDG_STATE_HOME"
    fi
    tui_stop
done
rm -rf "$XDG_STATE_HOME"

# 2. SIGPIPE is ignored: rho goes on with its edits (nothing to lose)
tui_start 100 30 "$RHO" "$dir/d.lua" "$AFTER"
expect sigpipe-start "1 Tree   2 Flows" 10
tui_keys 2 d
expect sigpipe-edited "edited" 5
kill -PIPE "$(rho_pid)"
sleep 0.5
if [ -n "$(rho_pid)" ]; then
    echo "ok - tui sigpipe-ignored"
else
    echo "FAIL tui sigpipe-ignored: rho is gone"
fi
expect sigpipe-edits-stay "edited" 1
tui_keys u
if tui_gone "edited" 3; then
    echo "ok - tui sigpipe-still-answers"
else
    echo "FAIL tui sigpipe-still-answers: u did not undo the edit"
fi
tui_stop
rm -rf "$XDG_STATE_HOME"

# 3. a slow script at the start: a screen at once that names it and its
# time, F1 answers, q quits at once; the terminal is left as it was
{
    echo 'local s = string.rep("a", 3e5); s:find(".-.-.-.-.-b")'
    cat scenarios/default.lua
} >"$dir/slow.lua"
tui_start 100 30 "$RHO" --lua-time 20 "$dir/slow.lua" "$AFTER"
expect slow-loading "loading $dir/slow.lua" 2
expect_re slow-elapsed "loading the scenario: [0-9]+\.[0-9] s" 1
tui_keys F1
expect slow-f1 "rho is running the scenario's script" 1
tui_keys x
expect_not slow-help-closes "rho is running the scenario's script"
tui_keys q
expect slow-q-quits "[rho 0]" 1
expect slow-q-stty "$SANE" 1
expect_not slow-q-no-leak "$SANE q"
tui_stop
# Esc and Ctrl-C quit as q does (Ctrl-C as SIGINT: 130)
tui_start 100 30 "$RHO" --lua-time 20 "$dir/slow.lua" "$AFTER"
expect slow-loading-2 "loading $dir/slow.lua" 2
tui_keys C-c
expect slow-ctrl-c-quits "[rho 130]" 1
expect slow-ctrl-c-stty "$SANE" 1
tui_stop
tui_start 100 30 "$RHO" --lua-time 20 "$dir/slow.lua" "$AFTER"
expect slow-loading-3 "loading $dir/slow.lua" 2
tui_keys Escape
expect slow-esc-quits "[rho 0]" 1
tui_stop
# its budget ends the load: the error, as without a screen (status 3)
tui_start 200 30 "$RHO" --lua-time 2 "$dir/slow.lua" "$AFTER"
expect slow-loading-4 "loading $dir/slow.lua" 2
expect slow-budget "slow.lua: script stopped after 2 s (wall-time budget; --lua-time to allow more)" 6
expect slow-budget-status "[rho 3]" 1
expect slow-budget-stty "$SANE" 1
tui_stop
# a quick script opens the explorer with no loading screen on the way
tui_start 100 30 "$RHO" "$dir/d.lua" "$AFTER"
expect quick-opens "1 Tree   2 Flows" 5
tui_stop

# 4. a terminal that cannot show the explorer: rho's message, status 2
for t in "TERM=foobar:TERM=foobar: no terminfo entry" \
    "TERM=:TERM is not set" "-u TERM:TERM is not set" \
    "TERM=dumb:TERM=dumb: no cursor addressing"; do
    how=${t%%:*} why=${t#*:}
    tui_start 200 30 env "$how" "$RHO" "$dir/d.lua" "$AFTER"
    expect "term-[$how]-says" "rho: cannot draw on this terminal ($why)" 5
    expect "term-[$how]-way-out" "-b for the report" 1
    expect "term-[$how]-status" "[rho 2]" 1
    expect_not "term-[$how]-not-ncurses" "Error opening terminal"
    tui_stop
done

# 5. too small: one line, the size needed first
tui_start 10 5 "$RHO" "$dir/d.lua"
expect small-10x5 "60x16" 5
expect_not small-10x5-no-word-a-line "terminal"
tui_resize 30 8
expect small-30x8 "too small: 30x8 < 60x16" 3
tui_resize 70 10
expect small-70x10 "terminal too small: 70x10, rho needs 60x16" 3
tui_stop

# 6. a prompt whose line is full refuses more, and says so
tui_start 100 30 "$RHO" "$dir/d.lua"
expect prompt-start "1 Tree   2 Flows" 10
tui_keys 2 e C-u
tui_type "$(printf '%0300d' 9 | tr 0 9)"
expect prompt-full "full: 255 characters at most" 3
tui_keys BSpace
expect_not prompt-room-again "full: 255 characters at most"
tui_keys Escape
tui_stop
