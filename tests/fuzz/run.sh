#!/bin/sh
# Replay what fuzzing keeps (tests/fuzz/TARGET/: seeds, and every crash,
# leak or hang fuzzing found, once fixed) through the replay drivers
# `make test` builds with the normal compiler (BUILD/fuzz/replay_TARGET).
# One "ok" line per file; a crash is a FAIL naming the file.
BUILD=${1:-build}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for src in tests/fuzz/fuzz_*.c; do
    t=${src#tests/fuzz/fuzz_}
    t=${t%.c}
    bin=$BUILD/fuzz/replay_$t
    [ -d "tests/fuzz/$t" ] || continue
    if [ ! -x "$bin" ]; then
        echo "FAIL fuzz $t: $bin is not built"
        continue
    fi
    timeout 300 "$bin" "$t" "tests/fuzz/$t" >"$out" 2>/dev/null
    rc=$?
    cat "$out"
    if [ $rc -ne 0 ] && ! grep -q '^FAIL' "$out"; then
        last=$(grep '^ok' "$out" | tail -1 | sed 's/^ok - fuzz [^ ]* //')
        echo "FAIL fuzz $t: exit $rc on the file after '${last:-none}' in tests/fuzz/$t"
    fi
done
