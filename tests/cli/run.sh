#!/bin/sh
# Command-line behaviour: options, exit codes, output formats.
BUILD=${1:-build}
RHO=$BUILD/rho
out=$(mktemp)
err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT

t() { # t NAME WANT_EXIT [PATTERN_IN_STDOUT|-] [PATTERN_IN_STDERR|-] -- ARGS...
    name=$1 want=$2 pout=$3 perr=$4
    shift 5
    "$RHO" "$@" >"$out" 2>"$err"
    rc=$?
    if [ "$rc" != "$want" ]; then
        echo "FAIL cli $name: exit $rc, want $want: $(head -2 "$err")"
    elif [ "$pout" != "-" ] && ! grep -qF -- "$pout" "$out"; then
        echo "FAIL cli $name: stdout lacks '$pout'"
    elif [ "$perr" != "-" ] && ! grep -qF -- "$perr" "$err"; then
        echo "FAIL cli $name: stderr lacks '$perr' (got: $(head -1 "$err"))"
    else
        echo "ok - cli $name"
    fi
}

t version 0 "rho 0." - -- --version
t help 0 "--batch" - -- --help
t help-format 0 "output format: text (default), csv or yaml" - -- -h
t unknown-option 2 - "rho: unknown option '--bogus'" -- --bogus
t missing-value 2 - "option '--format' needs a value" -- --batch --format
t bad-format 2 - "unknown format 'xml' (expected text, csv or yaml)" -- --batch --format xml scenarios/table1.lua
t flag-value 2 - "option '--batch=1' takes no value" -- --batch=1 scenarios/table1.lua
t two-files 2 - "one scenario at a time" -- --batch scenarios/table1.lua scenarios/hol.lua
t missing-file 2 - "rho: no/such.lua: cannot open: No such file or directory" -- --batch no/such.lua
t default-scenario 0 "CS-Storm socket (T2)" - -- --batch
t csv-header 0 "flow,src,dst,bytes,start_s,end_s,elapsed_s,avg_Bps,label" - -- --batch --format csv scenarios/table1.lua
t csv-row 0 "3,3,2,314572800,0,0.03607989532019705," - -- --batch --format=csv scenarios/table1.lua
t steps-csv 0 "flow,src,dst,A,B,C,D8,D9,hol" - -- -b --steps -f csv scenarios/table1.lua
t yaml 0 "makespan_s: 0.064943811576354676" - -- -b -f yaml scenarios/table1.lua
t timeline 0 "step 2: 36.08 ms to 64.94 ms" - -- -b --timeline scenarios/table1.lua
t timeline-csv 0 "2,0.03607989532019705,0.064943811576354676,1,0,2,0.5," - -- -b --timeline -f csv scenarios/table1.lua
t starved-exit 1 "STARVED" "starved at t = 0.000841864224 s" -- --batch scenarios/starved.lua
t param 0 "300 MiB" - -- -b -p size=300MiB scenarios/halo2d-t2.lua
t param-bad 2 - "--param expects NAME=VALUE" -- -b -p size scenarios/halo2d-t2.lua
t lua-insn-bad 2 - "--lua-instructions expects a positive number" -- -b --lua-instructions x scenarios/table1.lua
