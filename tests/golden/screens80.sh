#!/bin/sh
# Golden screens at 80x24: every view of every shipped scenario
# (scenarios/*.lua, scenarios/lessons/*.lua), as `rho --dump 80x24:all`
# prints them from one run of the models, compared with
# tests/golden/screens80/<name>.txt (lessons: screens80/lessons/<name>.txt).
# After a reviewed change of a screen:
#   sh tests/golden/screens80.sh build --update
# Under the sanitizers (make asan sets RHO_SANITIZED) the scenarios in
# $slow are skipped, each with a "skip" line saying so: their models take
# 7-20 s in a release build and minutes under ASan; make test runs them.
BUILD=${1:-build}
RHO=$BUILD/rho
update=$2
out=$(mktemp)
trap 'rm -f "$out"' EXIT
slow="dragonfly-thesis supernode-reduce-rabenseifner supernode-rs-pairwise"

for f in scenarios/*.lua scenarios/lessons/*.lua; do
    name=${f#scenarios/}
    name=${name%.lua}
    gold=tests/golden/screens80/$name.txt
    if [ -n "$RHO_SANITIZED" ] && [ "$update" != "--update" ]; then
        case " $slow " in
        *" $name "*)
            echo "skip - screens80 $name: too slow under the sanitizers (make test compares it)"
            continue
            ;;
        esac
    fi
    {
        echo "\$ rho --dump 80x24:all $f"
        "$RHO" --dump 80x24:all "$f" 2>&1
        echo "exit $?"
    } >"$out"
    if [ "$update" = "--update" ]; then
        mkdir -p "$(dirname "$gold")"
        cp "$out" "$gold"
        echo "ok - screens80 $name (updated)"
    elif [ ! -f "$gold" ]; then
        echo "FAIL screens80: $gold is missing (run with --update after review)"
    elif cmp -s "$out" "$gold"; then
        echo "ok - screens80 $name"
    else
        echo "FAIL screens80: $name differs from $gold:"
        diff "$gold" "$out" | head -20 | sed 's/^/    /'
    fi
done
