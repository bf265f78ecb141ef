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
    tui_tmux kill-server 2>/dev/null
    # A server killed a moment ago may still hold the socket and turn the
    # next client away ("server exited unexpectedly", about one start in
    # six back to back): try again until the session is there.
    tries=0
    until tui_tmux new-session -d -s "$TUI_SESSION" -x "$cols" -y "$rows" \
        "TERM=xterm-256color LANG=C.UTF-8 $*; echo \"[exit \$?]\"; sleep 60" \
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
    trap 'tui_stop; rm -rf "$dir" "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$tui_base"*' EXIT
}

tui_stop() {
    tui_tmux kill-server 2>/dev/null
    :
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
