#!/bin/sh
# Golden outputs: every scenario in scenarios/, scenarios/machines/ and
# scenarios/lessons/ is run in batch mode (the flow table and Algorithm
# 1's steps; a lesson's handout, with and without its answers) and
# compared with tests/golden/<name>.txt (tests/golden/machines/<name>.txt,
# tests/golden/lessons/<name>.txt). After a reviewed change of output:
#   sh tests/golden/run.sh build --update
BUILD=${1:-build}
RHO=$BUILD/rho
update=$2
out=$(mktemp)
trap 'rm -f "$out"' EXIT

for f in scenarios/*.lua scenarios/machines/*.lua scenarios/lessons/*.lua; do
    name=${f#scenarios/}
    name=${name%.lua}
    gold=tests/golden/$name.txt
    {
        echo "\$ rho --batch $f"
        "$RHO" --batch "$f" 2>&1
        echo "exit $?"
        echo "\$ rho --batch --steps $f"
        "$RHO" --batch --steps "$f" 2>&1
        echo "exit $?"
        # "-- golden: --explain N" lines ask for explanations too
        for n in $(sed -n 's/^-- golden: --explain //p' "$f"); do
            echo "\$ rho --explain $n $f"
            "$RHO" --explain "$n" "$f" 2>&1
            echo "exit $?"
        done
        if grep -q '^-- golden: --timeline' "$f"; then
            echo "\$ rho --batch --timeline $f"
            "$RHO" --batch --timeline "$f" 2>&1
            echo "exit $?"
        fi
        # a lesson: its handout, and the lecturer's copy
        if grep -q '^  lesson = {' "$f"; then
            echo "\$ rho --handout $f"
            "$RHO" --handout "$f" 2>&1
            echo "exit $?"
            echo "\$ rho --handout --answers $f"
            "$RHO" --handout --answers "$f" 2>&1
            echo "exit $?"
        fi
        if grep -q '^-- golden: --stepper' "$f"; then
            echo "\$ rho --stepper $f"
            "$RHO" --stepper "$f" 2>&1
            echo "exit $?"
        fi
        # "-- golden: --matrix": the machine's bandwidth matrix, as text
        if grep -q '^-- golden: --matrix' "$f"; then
            echo "\$ rho --matrix $f"
            "$RHO" --matrix "$f" 2>&1
            echo "exit $?"
        fi
        # "-- golden: --links": the link model's per-link CSV too
        if grep -q '^-- golden: --links' "$f"; then
            echo "\$ rho --batch --links --format csv $f"
            "$RHO" --batch --links --format csv "$f" 2>&1
            echo "exit $?"
        fi
        # "-- golden: --metrics": Jain's Ch. 4 indicators, text and CSV
        if grep -q '^-- golden: --metrics' "$f"; then
            echo "\$ rho --batch --metrics $f"
            "$RHO" --batch --metrics "$f" 2>&1
            echo "exit $?"
            echo "\$ rho --batch --metrics --format csv $f"
            "$RHO" --batch --metrics --format csv "$f" 2>&1
            echo "exit $?"
        fi
        # "-- golden: --compare NAME=VALUES" lines compare designs
        sed -n 's/^-- golden: --compare //p' "$f" | while read -r axis; do
            echo "\$ rho --compare $axis $f"
            "$RHO" --compare "$axis" -j 1 "$f" 2>&1
            echo "exit $?"
        done
        # "-- golden: --plot AXIS=VALUES" lines sweep it with --plot
        sed -n 's/^-- golden: --plot //p' "$f" | while read -r axis; do
            echo "\$ rho --sweep $axis --plot -q $f"
            "$RHO" --sweep "$axis" --plot -q -j 1 "$f" 2>&1
            echo "exit $?"
        done
        # "-- golden: --sweep AXIS=VALUES [--sweep AXIS=VALUES]" lines sweep
        # it (one thread: the result is the same for any number, the test
        # is quicker); values have no blanks
        sed -n 's/^-- golden: --sweep //p' "$f" | while read -r axis; do
            echo "\$ rho --sweep $axis -q $f"
            # shellcheck disable=SC2086
            "$RHO" --sweep $axis -q -j 1 "$f" 2>&1
            echo "exit $?"
        done
        # scenarios that say "-- golden: --search" are searched too; the
        # line with the wall time is left out
        if grep -q '^-- golden: --search' "$f"; then
            echo "\$ rho --search -q $f"
            "$RHO" --search -q "$f" >"$out.search" 2>&1
            rc=$?
            grep -v ' threads, .* s (' "$out.search"
            echo "exit $rc"
            rm -f "$out.search"
        fi
    } >"$out"
    if [ "$update" = "--update" ]; then
        mkdir -p "$(dirname "$gold")"
        cp "$out" "$gold"
        echo "ok - $name (updated)"
    elif [ ! -f "$gold" ]; then
        echo "FAIL golden: $gold is missing (run with --update after review)"
    elif cmp -s "$out" "$gold"; then
        echo "ok - golden $name"
    else
        echo "FAIL golden: $name differs from $gold:"
        diff "$gold" "$out" | head -20 | sed 's/^/    /'
    fi
done

# screens
grep -v '^#' tests/golden/screens.list | while read -r name args; do
    [ -n "$name" ] || continue
    gold=tests/golden/screens/$name.txt
    # shellcheck disable=SC2086
    "$RHO" $args >"$out" 2>&1
    echo "exit $?" >>"$out"
    if [ "$update" = "--update" ]; then
        cp "$out" "$gold"
        echo "ok - screen $name (updated)"
    elif [ ! -f "$gold" ]; then
        echo "FAIL screen: $gold is missing (run with --update after review)"
    elif cmp -s "$out" "$gold"; then
        echo "ok - screen $name"
    else
        echo "FAIL screen: $name differs from $gold:"
        diff "$gold" "$out" | head -20 | sed 's/^/    /'
    fi
done
