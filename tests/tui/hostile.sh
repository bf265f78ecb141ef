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
tui_suite tui-hostile

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
    expect hostile-sigterm-143 "[exit 143]" 1
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
expect hostile-theme-big "$dir/big.yaml: larger than 1 MiB: too large for a theme; using the default theme" 5
tui_stop

# 6. edits not saved when the file changes on disk: rho asks; r reloads
# and keeps them one undo step away, and q still asks
cp scenarios/table1.lua "$dir/e.lua"
tui_start 100 30 "$RHO" "$dir/e.lua"
expect edits-start "rho  Table I"
tui_keys Tab :
tui_type "size 3 150 MiB"
tui_keys Enter
expect edits-edited "150 MiB        0 s   18.04 ms"
sed 's/tau = 0.2/tau = 0.25/' scenarios/table1.lua >"$dir/e.tmp" && mv "$dir/e.tmp" "$dir/e.lua"
expect edits-asks "e.lua changed on disk: r reloads it, k keeps your edits, b both" 5
expect_not edits-not-yet "reloaded"
tui_keys j
expect edits-asks-again "r reloads it, k keeps your edits, b both"
tui_keys r
expect edits-reloaded "reloaded $dir/e.lua after a change on disk; u brings back your unsaved edits" 5
tui_keys q
expect edits-q-asks "unsaved edits: q again quits without saving"
tui_keys Escape u
expect edits-back "150 MiB        0 s   18.04 ms"
tui_stop
# k keeps the edits; the file stays as it is on disk (a file of its own:
# the rho stopped above kept its edits of e.lua for the next start)
cp scenarios/table1.lua "$dir/k.lua"
tui_start 100 30 "$RHO" "$dir/k.lua"
expect keep-start "rho  Table I"
tui_keys Tab :
tui_type "size 3 150 MiB"
tui_keys Enter
expect keep-edited "150 MiB        0 s   18.04 ms"
sed 's/tau = 0.2/tau = 0.25/' scenarios/table1.lua >"$dir/e.tmp" && mv "$dir/e.tmp" "$dir/k.lua"
expect keep-asks "k keeps your edits" 5
tui_keys k
expect keep-kept "kept your edits; $dir/k.lua on disk differs (r reloads it)"
expect keep-edits-stay "150 MiB        0 s   18.04 ms"
tui_stop
# b keeps both: the edits go to b.edited.lua (which loads to them), the
# changed file is loaded, and u brings the edits back on screen
cp scenarios/table1.lua "$dir/b.lua"
rm -f "$dir/b.edited.lua"
tui_start 100 30 "$RHO" "$dir/b.lua"
expect both-start "rho  Table I"
tui_keys Tab :
tui_type "size 3 150 MiB"
tui_keys Enter
expect both-edited "150 MiB        0 s   18.04 ms"
sed 's/tau = 0.2/tau = 0.25/' scenarios/table1.lua >"$dir/e.tmp" && mv "$dir/e.tmp" "$dir/b.lua"
expect both-asks "k keeps your edits, b both" 5
tui_keys b
expect both-reloaded "; yours are in b.edited.lua, u brings them back" 5
expect_not both-disk-shown "150 MiB        0 s   18.04 ms"
if grep -q '150 MiB' "$dir/b.edited.lua" 2>/dev/null &&
   "$RHO" -b "$dir/b.edited.lua" | grep -q '18.04 ms'; then
    echo "ok - tui both-saved-file"
else
    echo "FAIL tui both-saved-file: $dir/b.edited.lua does not hold the edit"
fi
tui_keys u
expect both-undo "150 MiB        0 s   18.04 ms"
tui_stop

# 6b. killed with unsaved edits (SIGHUP, SIGTERM, SIGINT, SIGQUIT): the
# status says so (128 + N), the edits go to a recovery file named on
# stderr, the terminal is restored, and the next start offers them
n=0
for sig in HUP TERM INT QUIT; do
    n=$((n + 1))
    case $sig in HUP) code=129 ;; INT) code=130 ;; QUIT) code=131 ;; TERM) code=143 ;; esac
    cp scenarios/table1.lua "$dir/r$n.lua"
    tui_start 100 30 "$RHO" "$dir/r$n.lua"
    expect "recover-start-$sig" "rho  Table I"
    tui_keys :
    tui_type "tau 0.1"
    tui_keys Enter
    expect "recover-edited-$sig" "edited"
    shell=$(tui_tmux display -p -t "$TUI_SESSION" '#{pane_pid}')
    pid=$(pgrep -P "$shell" -x rho | head -1)
    kill -"$sig" "$pid"
    expect "recover-status-$sig" "[exit $code]" 5
    expect "recover-said-$sig" "your unsaved edits are kept in $dir/state/rho/recover/"
    if [ "$(tui_tmux display -p -t "$TUI_SESSION" '#{alternate_on}')" = 0 ]; then
        echo "ok - tui recover-terminal-$sig"
    else
        echo "FAIL tui recover-terminal-$sig: the terminal was left in the alternate screen"
    fi
    tui_stop
done
tui_start 100 30 "$RHO" "$dir/r1.lua"
expect recover-offered "unsaved edits from a killed rho, kept in $dir/state/rho/recover/" 5
expect recover-offered-edited "edited"
tui_keys u
if tui_gone "edited" 3; then echo "ok - tui recover-undo"; else echo "FAIL tui recover-undo: the mark stays"; fi
tui_keys q
expect recover-quit "[exit 0]" 3
tui_stop
if ls "$dir/state/rho/recover/" | grep -q "r1.lua"; then
    echo "FAIL tui recover-taken: the recovery file stays after it was offered"
else
    echo "ok - tui recover-taken"
fi

# 6d. the terminal goes away without a SIGHUP for rho (it runs in a
# session of its own, so the terminal is not its controlling one): rho
# sees the hang-up itself, keeps the unsaved edits as for SIGHUP and
# ends, instead of spinning on a terminal that is gone
cp scenarios/table1.lua "$dir/s.lua"
tui_start 100 30 setsid -w "$RHO" "$dir/s.lua"
expect hangup-start "rho  Table I"
tui_keys :
tui_type "tau 0.1"
tui_keys Enter
expect hangup-edited "edited"
tui_hangup
gone=0
for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
    if ! pgrep -f "rho $dir/s.lua" >/dev/null; then
        gone=1
        break
    fi
    sleep 0.1
done
if [ "$gone" = 1 ]; then
    echo "ok - tui hangup-ends"
else
    echo "FAIL tui hangup-ends: rho still runs 2 s after its terminal went away"
    pkill -f "rho $dir/s.lua"
fi
if ls "$dir/state/rho/recover/" 2>/dev/null | grep -q "s.lua"; then
    echo "ok - tui hangup-recovers"
else
    echo "FAIL tui hangup-recovers: no recovery file for the unsaved edits"
fi

# 6c. Ctrl-C in batch mode: rho dies of SIGINT, status 130 in the shell
# (which catches SIGINT itself, or it would die with rho and take the
# pane along)
printf 'while true do end\n' >"$dir/spin.lua"
tui_start 100 30 "trap 'echo caught' INT;" "$RHO" -b --lua-time 30 "$dir/spin.lua"
sleep 0.5
tui_keys C-c
expect batch-ctrl-c "[exit 130]" 5
tui_stop

# 7. the scenario changes kind under a reload (a PCIe tree becomes a
# network): tree keys must not act on a tree that is gone, with or
# without -m naming the models
# (a file of its own each time: k.lua above was killed with unsaved
# edits, and its recovery file would be offered)
n=0
for m in "" "-m pcie"; do
    n=$((n + 1))
    cp scenarios/table1.lua "$dir/kind$n.lua"
    # shellcheck disable=SC2086
    tui_start 100 30 "$RHO" $m "$dir/kind$n.lua"
    expect "kind-start$m" "rho  Table I"
    cp scenarios/torus-5x5.lua "$dir/kind.tmp" && mv "$dir/kind.tmp" "$dir/kind$n.lua"
    expect "kind-reloaded$m" "reloaded $dir/kind$n.lua after a change on disk" 5
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
