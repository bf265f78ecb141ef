#!/bin/sh
# Allocation-failure injection over the loaders and both models: rho runs a
# scenario with its Nth C allocation failing (RHO_FAIL_ALLOC=N, see
# rho_alloc.h), for N = 1, 2, ... 12, then growing by half each time until
# a run succeeds. Every run must end cleanly: status 70 with "rho: fatal:
# out of memory" (rho's own allocation), 3 when the failure hit the
# script's process ("the machine's memory ran out while building the
# scenario"), or 0 once N is past the last allocation -- never a crash, a
# hang or a sanitizer report (under the ASan build, LeakSanitizer checks
# for leaks at every exit). The Lua allocator's own injection is in
# tests/unit/test_lx.c and test_lx_proc.c.
#   FAULT_ALL=1 sh tests/fault/run.sh build   # every N, not a sample
BUILD=${1:-build}
RHO=$BUILD/rho
err=$(mktemp)
trap 'rm -f "$err"' EXIT

fault() { # fault NAME ARGS...: inject over rho ARGS
    name=$1
    shift
    n=1 runs=0 bad=""
    while [ $runs -lt 400 ]; do
        RHO_FAIL_ALLOC=$n timeout 60 "$RHO" "$@" >/dev/null 2>"$err"
        rc=$?
        runs=$((runs + 1))
        if grep -qE 'Sanitizer|runtime error|AddressSanitizer' "$err"; then
            bad="N=$n: $(grep -m1 -E 'Sanitizer|runtime error' "$err")"
            break
        fi
        case $rc in
        0) break ;;
        70) grep -q '^rho: fatal: out of memory' "$err" ||
            { bad="N=$n: exit 70 without the message: $(head -1 "$err")"; break; } ;;
        3) grep -q "the machine's memory ran out while building the scenario" "$err" ||
            { bad="N=$n: exit 3: $(head -1 "$err")"; break; } ;;
        *) bad="N=$n: exit $rc: $(head -1 "$err")"; break ;;
        esac
        if [ -n "$FAULT_ALL" ] || [ $n -lt 12 ]; then
            n=$((n + 1))
        else
            n=$((n + n / 2))
        fi
    done
    if [ -n "$bad" ]; then
        echo "FAIL fault $name: $bad"
    elif [ $rc -ne 0 ]; then
        echo "FAIL fault $name: still failing after $runs runs (N=$n)"
    else
        echo "ok - fault $name: $runs runs failed cleanly, N=$n succeeds"
    fi
}

fault pcie-model -b scenarios/table1.lua
fault pcie-steps -b --steps scenarios/hol.lua
fault pcie-search -q --search --sample 200 -j 2 scenarios/halo2d-t2.lua
fault link-model -b -j 2 scenarios/torus-5x5.lua
fault link-adaptive -b -j 2 scenarios/dragonfly-small.lua
fault both-models -b scenarios/table1-both-models.lua
fault sweep -q --sweep size=1KiB,2KiB -j 2 scenarios/halo2d-t2.lua
fault dump -b --dump 100x30:links scenarios/torus-5x5.lua
