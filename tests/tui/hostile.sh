#!/bin/sh
# The interactive screen against a hostile script saved over the scenario:
# the reload runs off the loop, so the screen keeps answering keys while
# the script hangs (here inside a C string pattern, which no hook stops),
# shows the wall-time error when its budget has passed, and q, Ctrl-C and
# SIGTERM still quit at once.
BUILD=${1:-build}
RHO=$(pwd)/$BUILD/rho
TUI_SOCK=rho-hostile-$$
. tests/tui/lib.sh
if ! command -v tmux >/dev/null 2>&1; then
    echo "FAIL tui-hostile: tmux is not installed (make installs it)"
    exit 0
fi
dir=$(mktemp -d)
trap 'tui_stop; rm -rf "$dir"' EXIT

# hang FILE: save a script that runs for ever in C over FILE (as an editor
# does: a new file renamed over the old one)
hang() {
    printf '%s\n' "local s = string.rep('a', 1e5)" \
        "return s:find('.-.-.-.-.-.-b')" >"$1.tmp" && mv "$1.tmp" "$1"
}

# quits NAME: rho must have left (the shell prints "[exit N]") within 3 s
quits() {
    if tui_wait "[exit " 3; then
        echo "ok - tui $1"
    else
        echo "FAIL tui $1: rho still runs; the screen was:"
        tui_screen | sed 's/^/    | /'
    fi
}

# 1. the hanging reload: keys still work, then the error, the old result stays
cp scenarios/table1.lua "$dir/h.lua"
tui_start 100 30 "$RHO" --lua-time 2 "$dir/h.lua"
expect hostile-start "rho  Table I"
hang "$dir/h.lua"
expect hostile-reloading "reloading $dir/h.lua after a change on disk" 5
tui_keys Tab
expect hostile-keys-answer "#↑   src      dst" 3
expect hostile-error "h.lua: script stopped after 2 s (wall-time budget; --lua-time to allow more)" 6
expect hostile-old-result "36.08 ms   36.08 ms"
# a good file again: it reloads
cp scenarios/table1.lua "$dir/h.lua"
expect hostile-recovers "reloaded $dir/h.lua after a change on disk" 5
# 2. q while a reload hangs: rho quits at once
hang "$dir/h.lua"
expect hostile-reloading-q "reloading $dir/h.lua" 5
tui_keys q
quits hostile-q-quits
tui_stop

# 3. Ctrl-C while a reload hangs
cp scenarios/table1.lua "$dir/h.lua"
tui_start 100 30 "$RHO" --lua-time 30 "$dir/h.lua"
expect hostile-start-2 "rho  Table I"
hang "$dir/h.lua"
expect hostile-reloading-c "reloading $dir/h.lua" 5
tui_keys C-c
quits hostile-ctrl-c-quits
tui_stop

# 4. SIGTERM while a reload hangs (to this rho, by its process id)
cp scenarios/table1.lua "$dir/h.lua"
tui_start 100 30 "$RHO" --lua-time 30 "$dir/h.lua"
expect hostile-start-3 "rho  Table I"
hang "$dir/h.lua"
expect hostile-reloading-t "reloading $dir/h.lua" 5
shell=$(tui_tmux display -p -t "$TUI_SESSION" '#{pane_pid}')
pid=$(pgrep -P "$shell" -x rho | head -1)
child=$(pgrep -P "$pid" | head -1)
if [ -n "$pid" ] && [ -n "$child" ]; then
    kill -TERM "$pid"
    quits hostile-sigterm-quits
    # the script's process does not outlive rho
    sleep 0.2
    if ps -p "$child" >/dev/null 2>&1; then
        echo "FAIL tui hostile-no-orphan: the script's process $child still runs"
    else
        echo "ok - tui hostile-no-orphan"
    fi
else
    echo "FAIL tui hostile-sigterm-quits: no rho (or no script process) under the pane's shell"
fi
tui_stop

# 5. a theme that is a FIFO nobody writes, or a huge file: refused at once
mkfifo "$dir/fifo.yaml"
tui_start 100 30 "$RHO" --theme "$dir/fifo.yaml" scenarios/table1.lua
expect hostile-theme-fifo "$dir/fifo.yaml: not a regular file; using the default theme" 5
expect hostile-theme-fifo-runs "1 Tree   2 Flows"
tui_stop
printf 'inherits: fifo.yaml\n' >"$dir/child.yaml"
tui_start 100 30 "$RHO" --theme "$dir/child.yaml" scenarios/table1.lua
expect hostile-theme-inherits-fifo "fifo.yaml: not a regular file; using the default theme" 5
tui_stop
truncate -s 2M "$dir/big.yaml"
tui_start 100 30 "$RHO" --theme "$dir/big.yaml" scenarios/table1.lua
expect hostile-theme-big "$dir/big.yaml: larger than 1024 KiB: too large for a theme; using the default theme" 5
tui_stop

# 6. edits not saved when the file changes on disk: the reload keeps them
# one undo step away, and q still asks
cp scenarios/table1.lua "$dir/e.lua"
tui_start 100 30 "$RHO" "$dir/e.lua"
expect edits-start "rho  Table I"
tui_keys Tab :
tui_type "size 3 150 MiB"
tui_keys Enter
expect edits-edited "150 MiB        0 s   18.04 ms"
sed 's/tau = 0.2/tau = 0.25/' scenarios/table1.lua >"$dir/e.tmp" && mv "$dir/e.tmp" "$dir/e.lua"
expect edits-reloaded "reloaded $dir/e.lua after a change on disk; u brings back your unsaved edits" 5
tui_keys q
expect edits-q-asks "unsaved edits: q again quits without saving"
tui_keys Escape u
expect edits-back "150 MiB        0 s   18.04 ms"
tui_stop

# 7. the scenario changes kind under a reload (a PCIe tree becomes a
# network): tree keys must not act on a tree that is gone, with or
# without -m naming the models
for m in "" "-m pcie"; do
    cp scenarios/table1.lua "$dir/k.lua"
    # shellcheck disable=SC2086
    tui_start 100 30 "$RHO" $m "$dir/k.lua"
    expect "kind-start$m" "rho  Table I"
    cp scenarios/torus-5x5.lua "$dir/k.tmp" && mv "$dir/k.tmp" "$dir/k.lua"
    expect "kind-reloaded$m" "reloaded $dir/k.lua after a change on disk" 5
    tui_keys j k Left Right Enter j
    sleep 0.5
    if tui_screen | grep -q "\[exit"; then
        echo "FAIL tui kind-keys$m: rho ended:"
        tui_screen | sed 's/^/    | /'
    else
        echo "ok - tui kind-keys$m"
    fi
    tui_stop
done
