#!/bin/sh
# Soak: drive the interactive program in tmux for SECONDS (default 30;
# SOAK_TIME overrides) with random keys, typed text, resizes, SIGUSR2 and
# replacements of the scenario file -- good scenarios, syntax errors,
# scripts that hang in C or in Lua, memory hogs, floods of print, binary
# chunks, deep nesting, an empty, huge, missing or FIFO file -- checking
# all along that rho stays alive and keeps answering: every few actions
# the window is set to 100x30 and Escape pressed, and the title bar must
# be back within 5 s (at most 3 s more than the wall-time budget a
# pending reload may still take). It ends with q and expects status 0 and
# nothing from a sanitizer on standard error (run on build-asan by make
# check). SOAK_SEED makes a run repeatable; the seed is printed.
#   sh tests/soak/run.sh BUILD [SECONDS]       make soak: 300 s
BUILD=${1:-build}
SECS=${SOAK_TIME:-${2:-30}}
SEED=${SOAK_SEED:-$(($(date +%s) % 100000))}
RHO=$(pwd)/$BUILD/rho
TUI_SOCK=rho-soak-$$
. tests/tui/lib.sh
tui_suite soak
f=$dir/s.lua
rnd=$SEED
# rand N: a number in 0..N-1 in $r (a linear congruential generator)
rand() {
    rnd=$(((rnd * 1103515245 + 12345) % 2147483648))
    r=$(((rnd / 65536) % $1))
}
# put: replace the scenario as an editor does (a new file renamed over it)
put() {
    cat >"$f.tmp" && mv -f "$f.tmp" "$f"
}
replace() {
    rand 14
    case $r in
    0) cp scenarios/table1.lua "$f.tmp" && mv -f "$f.tmp" "$f" ;;
    1) cp scenarios/dragonfly-small.lua "$f.tmp" && mv -f "$f.tmp" "$f" ;;
    2) cp scenarios/torus-5x5.lua "$f.tmp" && mv -f "$f.tmp" "$f" ;;
    3) cp scenarios/halo2d-t2.lua "$f.tmp" && mv -f "$f.tmp" "$f" ;;
    4) printf 'return rho.scenario {\n  topology = rho.t2(,\n}\n' | put ;;
    5) printf '%s\n' "local s = string.rep('a', 1e5)" "return s:find('.-.-.-.-.-.-b')" | put ;;
    6) printf 'while true do pcall(function() while true do end end) end\n' | put ;;
    7) printf 'local t = {} for i = 1, 1e9 do t[i] = string.rep("x", 100) .. i end\n' | put ;;
    8) printf 'for i = 1, 1e5 do print(string.rep("y", 200)) end\nreturn 1\n' | put ;;
    9) printf '\033Lua\124\000\031\223\r\n\032\n' | put ;;
    10) awk 'BEGIN { printf "return "; for (i = 0; i < 100000; i++) printf "{"; print "" }' | put ;;
    11) : | put ;;
    12) rm -f "$f" ;;
    13) rm -f "$f" && mkfifo "$f" ;;
    esac
}
KEYS="j k j k Tab BTab Enter Space Space Left Right Up Down PageDown PageUp Home End
1 2 3 4 5 6 7 8 9 e a d u C-r : / t g G ? Escape Escape R P n N S s y x h l + - 0 c"
nkeys=$(echo $KEYS | wc -w)
key() {
    rand "$nkeys"
    echo $KEYS | tr ' ' '\n' | sed -n "$((r + 1))p"
}

cp scenarios/table1.lua "$f"
tui_start 100 30 "$RHO" --lua-time 1 "$f" "2>$dir/stderr"
if ! tui_wait " rho  " 10; then
    echo "FAIL soak start: the screen was:"
    tui_screen | sed 's/^/    | /'
    exit 0
fi
shell=$(tui_tmux display -p -t "$TUI_SESSION" '#{pane_pid}')
pid=$(pgrep -P "$shell" -x rho | head -1)
t0=$(date +%s)
actions=0 checks=0 worst=0 bad=""
while [ $(($(date +%s) - t0)) -lt "$SECS" ]; do
    rand 20
    case $r in
    0 | 1) rand 3; [ "$r" = 0 ] && replace ;;
    2) rand 120; w=$((r + 20)); rand 50; tui_resize "$w" $((r + 5)) ;;
    3) kill -USR2 "$pid" 2>/dev/null ;;
    4) rand 4; case $r in 0) tui_type "size 1 3 MiB" ;; 1) tui_type "tau 0.3" ;;
       2) tui_type "g5.c1" ;; *) tui_type "x%1\$s\\\"'" ;; esac ;;
    *) tui_keys "$(key)" ;;
    esac
    actions=$((actions + 1))
    if ! kill -0 "$pid" 2>/dev/null; then
        bad="rho died after $actions actions"
        break
    fi
    if [ $((actions % 25)) = 0 ]; then
        checks=$((checks + 1))
        c0=$(date +%s)
        tui_resize 100 30
        tui_keys Escape Escape
        if ! tui_wait " rho  " 5; then
            bad="no title bar 5 s after a resize and Escape (action $actions)"
            break
        fi
        el=$(($(date +%s) - c0))
        [ $el -gt $worst ] && worst=$el
    fi
done
if [ -z "$bad" ]; then
    cp scenarios/table1.lua "$f.tmp" && mv -f "$f.tmp" "$f"
    tui_resize 100 30
    tui_keys Escape Escape
    # q (twice when there are unsaved edits), until rho has left
    # (not i: tui_wait counts with it)
    tries=0
    while [ $tries -lt 10 ] && ! tui_wait "[exit " 1; do
        tui_keys q
        tries=$((tries + 1))
    done
    if ! tui_wait "[exit 0]" 1; then
        bad="q did not end rho with status 0"
    elif grep -qE 'Sanitizer|runtime error' "$dir/stderr"; then
        bad="a sanitizer spoke: $(grep -m1 -E 'Sanitizer|runtime error' "$dir/stderr")"
    fi
fi
if [ -n "$bad" ]; then
    echo "FAIL soak (seed $SEED, $SECS s): $bad; the screen was:"
    tui_screen | sed 's/^/    | /'
    head -5 "$dir/stderr" | sed 's/^/    stderr: /'
else
    echo "ok - soak: $actions actions in $SECS s (seed $SEED), $checks checks, slowest answer ${worst} s"
fi
