#!/bin/sh
# Lua API tests: each tests/lua/*.lua is a scenario that must fail (or
# succeed) in a given way. Its header says how:
#   -- args: extra rho options (optional)
#   -- exit: the exit status
#   -- stderr: the exact first line of standard error (optional)
#   -- stdout: a line that must appear in standard output (optional)
BUILD=${1:-build}
RHO=$BUILD/rho
err=$(mktemp)
out=$(mktemp)
trap 'rm -f "$err" "$out"' EXIT

for f in tests/lua/*.lua; do
    args=$(sed -n 's/^-- args: //p' "$f" | head -1)
    want_exit=$(sed -n 's/^-- exit: //p' "$f" | head -1)
    want_err=$(sed -n 's/^-- stderr: //p' "$f" | head -1)
    want_out=$(sed -n 's/^-- stdout: //p' "$f" | head -1)
    # shellcheck disable=SC2086
    timeout 60 "$RHO" --batch $args "$f" >"$out" 2>"$err"
    rc=$?
    got_err=$(head -1 "$err")
    name=$(basename "$f")
    if [ "$rc" != "$want_exit" ]; then
        echo "FAIL lua $name: exit $rc, want $want_exit ($got_err)"
    elif [ -n "$want_err" ] && [ "$got_err" != "$want_err" ]; then
        echo "FAIL lua $name: stderr"
        echo "    got:  $got_err"
        echo "    want: $want_err"
    elif [ -n "$want_out" ] && ! grep -qF -- "$want_out" "$out"; then
        echo "FAIL lua $name: stdout lacks '$want_out'"
    else
        echo "ok - lua $name"
    fi
done
