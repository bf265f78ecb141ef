#!/bin/sh
# Run every test: unit binaries, Lua API tests, golden outputs of every
# scenario and its screens at 80x24, the command line and its limits,
# exports rendered to pixels, fuzz regressions, allocation failures, the
# TUI tests in tmux and 30 s of soak. Prints each failure (and each test skipped) and ends with the
# line CI reads: "N passed, N failed". Exits non-zero on any failure.
# usage: sh tests/run.sh BUILD_DIR
BUILD=${1:-build}
RHO=$BUILD/rho
pass=0
fail=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT

count() { # count "ok"/"FAIL" lines in $log, print FAIL and skip lines
    p=$(grep -c '^ok ' "$log")
    f=$(grep -c '^FAIL' "$log")
    # (and up to 40 indented lines under a FAIL: the screen a TUI check
    # saw, a golden's diff)
    awk '/^(FAIL|skip)/ { print; n = /^FAIL/ ? 40 : 0; next }
         /^    / && n > 0 { print; n--; next } { n = 0 }' "$log"
    pass=$((pass + p))
    fail=$((fail + f))
}

# 1. unit test binaries
for t in "$BUILD"/tests/test_*; do
    [ -x "$t" ] || continue
    # a binary left from a test whose source is gone is not a test
    [ -f "tests/unit/$(basename "$t").c" ] || continue
    "$t" >"$log" 2>&1
    rc=$?
    count
    if [ $rc -ne 0 ] && ! grep -q '^FAIL' "$log"; then
        echo "FAIL $t exited with $rc"; tail -5 "$log"; fail=$((fail + 1))
    fi
done

# 2. the other suites: each script prints ok/FAIL lines
for s in tests/lua/run.sh tests/golden/run.sh tests/golden/screens80.sh tests/cli/run.sh tests/cli/limits.sh \
    tests/cli/batch2.sh tests/export/run.sh tests/fuzz/run.sh tests/fault/run.sh tests/tui/run.sh \
    tests/tui/views.sh tests/tui/pviews.sh tests/tui/hostile.sh tests/tui/editing.sh tests/tui/netviews.sh \
    tests/tui/pcieviews.sh tests/tui/lessons2.sh tests/tui/terminal.sh tests/soak/run.sh \
    tests/mpi/run.sh; do
    [ -f "$s" ] || continue
    sh "$s" "$BUILD" >"$log" 2>&1
    count
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
