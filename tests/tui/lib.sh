# Helpers for end-to-end tests of the interactive screen in tmux, used as
# a person uses it: start rho in a terminal of a given size, send keys,
# read the screen with capture-pane, and assert on what is shown.
#
#   . tests/tui/lib.sh
#   tui_start 100 30 build/rho scenarios/table1.lua
#   tui_wait "Table I"            # until the text is on screen (or fail)
#   tui_keys Tab Tab              # tmux key names
#   tui_type "300 MiB"            # literal text
#   tui_screen                    # the screen as text
#   tui_stop
#
# Every check prints "ok - ..." or "FAIL ...", as the other suites do.

TUI_SOCK=${TUI_SOCK:-rho-test-$$}
TUI_SESSION=rho

tui_tmux() {
    tmux -L "$TUI_SOCK" -f /dev/null "$@"
}

# tui_start COLS ROWS COMMAND...: rho in a fresh server of that size.
tui_start() {
    cols=$1 rows=$2
    shift 2
    tui_stop
    # A server killed a moment ago may still hold the socket and turn the
    # next client away ("server exited unexpectedly", about one start in
    # six back to back): try again until the session is there.
    tries=0
    until tui_tmux new-session -d -s "$TUI_SESSION" -x "$cols" -y "$rows" \
        "export RHO_TUI_SUITE=${tui_base:-$TUI_SOCK}; TERM=xterm-256color LANG=C.UTF-8 $*; echo \"[exit \$?]\"; sleep 60" \
        2>/dev/null && tui_tmux has-session -t "$TUI_SESSION" 2>/dev/null; do
        tries=$((tries + 1))
        if [ "$tries" -ge 50 ]; then
            echo "FAIL tui start: tmux gave no session in 50 tries: $*"
            return 1
        fi
        sleep 0.1
    done
    tui_tmux set -g status off
    tui_tmux resize-window -t "$TUI_SESSION" -x "$cols" -y "$rows" 2>/dev/null
    :
}

# tui_suite NAME: what every suite does first, after setting TUI_SOCK if
# it wants its own (a suite may give each test a server of its own,
# TUI_SOCK=$TUI_SOCK-1 ...). Without tmux: one FAIL (make installs it)
# and the suite ends. Else $dir, a scratch folder, removed at exit with
# the suite's tmux server and the sockets named $TUI_SOCK*; recovery
# files (a fatal signal with unsaved edits) go to $dir/state, not to
# $HOME.
tui_suite() {
    if ! command -v tmux >/dev/null 2>&1; then
        echo "FAIL $1: tmux is not installed (make installs it)"
        exit 0
    fi
    dir=$(mktemp -d)
    XDG_STATE_HOME=$dir/state
    export XDG_STATE_HOME
    tui_base=${TUI_SOCK:?}
    trap 'tui_stop; tui_leftovers; rm -rf "$dir" "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$tui_base"*' EXIT
}

# tui_stop: rho ends first, as by a user's kill (SIGTERM: unsaved edits
# are kept as for a hang-up), then the server, and the pane with it.
# A hang-up alone would end rho too, but under ASan LeakSanitizer's check
# at exit stops the process with ptrace, and the SIGCONT that a hang-up
# sends to the terminal's processes can cancel that stop: the check then
# spins for ever (one make check left 18 such processes, each at a
# share of the cores, and the suites after them ran 5 to 10 times
# slower). tui_hangup hangs up on purpose.
tui_stop() {
    _ts_shell=$(tui_tmux display -p -t "$TUI_SESSION" '#{pane_pid}' 2>/dev/null)
    if [ -n "$_ts_shell" ]; then
        for _ts_pid in $(pgrep -P "$_ts_shell" -x rho); do
            kill -TERM "$_ts_pid" 2>/dev/null
            _ts_n=0
            while [ $_ts_n -lt 200 ] && kill -0 "$_ts_pid" 2>/dev/null; do
                sleep 0.1
                _ts_n=$((_ts_n + 1))
            done
        done
    fi
    tui_hangup
}

# tui_hangup: the terminal goes away under rho (the server is killed).
tui_hangup() {
    tui_tmux kill-server 2>/dev/null
    :
}

# tui_leftovers: at the end of a suite, a FAIL line for each rho it
# started (the environment tui_start gives it says which) that still runs
# 5 s later, and that rho killed: nothing a test starts may outlive it.
tui_leftovers() {
    _tl_n=0
    while [ $_tl_n -lt 10 ]; do
        _tl_left=
        for _tl_pid in $(pgrep -x rho); do
            { tr '\0' '\n' <"/proc/$_tl_pid/environ"; } 2>/dev/null |
                grep -qx "RHO_TUI_SUITE=${tui_base:-$TUI_SOCK}" &&
                _tl_left="$_tl_left $_tl_pid"
        done
        [ -n "$_tl_left" ] || return 0
        sleep 0.5
        _tl_n=$((_tl_n + 1))
    done
    for _tl_pid in $_tl_left; do
        echo "FAIL tui leftover: rho (pid $_tl_pid) still runs after its suite:" \
            "$({ tr '\0' ' ' <"/proc/$_tl_pid/cmdline"; } 2>/dev/null | cut -c1-200)"
        kill -KILL "$_tl_pid" 2>/dev/null
    done
}

tui_screen() {
    tui_tmux capture-pane -p -t "$TUI_SESSION"
}

tui_keys() {
    tui_tmux send-keys -t "$TUI_SESSION" "$@"
}

# tui_click COL ROW: a left click (press and release) at 0-based COL, ROW,
# as xterm reports it in SGR mode (TERM=xterm-256color: kmous=\E[<)
tui_click() {
    tui_tmux send-keys -t "$TUI_SESSION" -l "$(printf '\033[<0;%d;%dM' $(($1 + 1)) $(($2 + 1)))"
    tui_tmux send-keys -t "$TUI_SESSION" -l "$(printf '\033[<0;%d;%dm' $(($1 + 1)) $(($2 + 1)))"
}

tui_type() {
    tui_tmux send-keys -t "$TUI_SESSION" -l "$1"
}

# tui_resize COLS ROWS
tui_resize() {
    tui_tmux resize-window -t "$TUI_SESSION" -x "$1" -y "$2"
}

# tui_wait TEXT [SECONDS]: 0 once TEXT is on screen, 1 after the timeout.
tui_wait() {
    text=$1
    limit=${2:-10}
    i=0
    while [ "$i" -lt $((limit * 10)) ]; do
        if tui_screen | grep -qF -- "$text"; then
            return 0
        fi
        sleep 0.1
        i=$((i + 1))
    done
    return 1
}

# tui_gone TEXT [SECONDS]: 0 once TEXT has left the screen.
tui_gone() {
    text=$1
    limit=${2:-10}
    i=0
    while [ "$i" -lt $((limit * 10)) ]; do
        if ! tui_screen | grep -qF -- "$text"; then
            return 0
        fi
        sleep 0.1
        i=$((i + 1))
    done
    return 1
}

# expect NAME TEXT [SECONDS]: an ok/FAIL line for TEXT appearing.
expect() {
    if tui_wait "$2" "${3:-10}"; then
        echo "ok - tui $1"
    else
        echo "FAIL tui $1: '$2' not on screen; the screen was:"
        tui_screen | sed 's/^/    | /'
    fi
}

# expect_not NAME TEXT: an ok/FAIL line for TEXT being absent (now).
expect_not() {
    if tui_screen | grep -qF -- "$2"; then
        echo "FAIL tui $1: '$2' is on screen"
        tui_screen | sed 's/^/    | /'
    else
        echo "ok - tui $1"
    fi
}

# tui_wait_re REGEX [SECONDS]: 0 once a line matches the extended REGEX.
tui_wait_re() {
    re=$1
    limit=${2:-10}
    i=0
    while [ "$i" -lt $((limit * 10)) ]; do
        if tui_screen | grep -qE -- "$re"; then
            return 0
        fi
        sleep 0.1
        i=$((i + 1))
    done
    return 1
}

# expect_re NAME REGEX [SECONDS]: an ok/FAIL line for REGEX matching.
expect_re() {
    if tui_wait_re "$2" "${3:-10}"; then
        echo "ok - tui $1"
    else
        echo "FAIL tui $1: /$2/ not on screen; the screen was:"
        tui_screen | sed 's/^/    | /'
    fi
}

# tui_row_re: a row of a batch table on stdin as a regex that matches the
# same values in other column widths ("all   9984  1 MiB" -> "all +9984 +1 MiB").
tui_row_re() {
    sed -e 's/[][\.*^$+?(){}|/]/\\&/g' -e 's/^ *//' -e 's/ *$//' -e 's/  */ +/g'
}
