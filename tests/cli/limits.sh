#!/bin/sh
# Limits and budgets from the command line: files that are not scripts
# (endless, compiled, nested past the parser's depth, a FIFO nobody
# writes), output and names no budget used to see, and the options.
BUILD=${1:-build}
RHO=$BUILD/rho
dir=$(mktemp -d)
out=$dir/out
err=$dir/err
trap 'rm -rf "$dir"' EXIT

t() { # t NAME WANT_EXIT [PATTERN_IN_STDOUT|-] [FIRST_LINE_OF_STDERR|-] -- ARGS...
    name=$1 want=$2 pout=$3 perr=$4
    shift 5
    timeout 60 "$RHO" "$@" >"$out" 2>"$err"
    rc=$?
    if [ "$rc" != "$want" ]; then
        echo "FAIL limits $name: exit $rc, want $want: $(head -2 "$err")"
    elif [ "$pout" != "-" ] && ! grep -qF -- "$pout" "$out"; then
        echo "FAIL limits $name: stdout lacks '$pout'"
    elif [ "$perr" != "-" ] && [ "$(head -1 "$err")" != "$perr" ]; then
        echo "FAIL limits $name: stderr"
        echo "    got:  $(head -1 "$err")"
        echo "    want: $perr"
    else
        echo "ok - limits $name"
    fi
}

ok_scen="return rho.scenario { topology = rho.t2(), flows = { { '0', '1', size = '1 MiB' } } }"

# files
t dev-zero 3 - "rho: /dev/zero: larger than 64 MiB: too large for a scenario script" -- -b /dev/zero
mkfifo "$dir/fifo.lua"
t fifo 3 - "rho: $dir/fifo.lua: script stopped after 0.3 s (wall-time budget; --lua-time to allow more)" -- -b --lua-time 0.3 "$dir/fifo.lua"
printf '\033Lua\124\000\031\223\r\n\032\n' >"$dir/bin.lua"
t binary-chunk 2 - "rho: $dir/bin.lua: is a compiled Lua chunk; rho reads scenario scripts as text" -- -b "$dir/bin.lua"
awk 'BEGIN { printf "return "; for (i = 0; i < 100000; i++) printf "("; print "" }' >"$dir/paren.lua"
t nested-parens 2 - "rho: $dir/paren.lua:1: nested too deeply (C stack overflow)" -- -b "$dir/paren.lua"
awk 'BEGIN { printf "return "; for (i = 0; i < 100000; i++) printf "{"; print "" }' >"$dir/brace.lua"
t nested-braces 2 - "rho: $dir/brace.lua:1: nested too deeply (C stack overflow)" -- -b "$dir/brace.lua"
awk 'BEGIN { print "local x = 1 +"; for (i = 0; i < 1000; i++) print "("; print "1" }' >"$dir/lines.lua"
t nested-lines 2 - "rho: $dir/lines.lua:197: nested too deeply (C stack overflow)" -- -b "$dir/lines.lua"
# print(): 1 MiB kept, then a note
printf '%s\n%s\n' "for i = 1, 40000 do print(string.rep('x', 99)) end" "$ok_scen" >"$dir/print.lua"
t print-flood 0 "makespan" "$(printf 'x%.0s' $(seq 99))" -- -b "$dir/print.lua"
if [ "$(wc -c <"$err")" -le $((1048576 + 200)) ] &&
   grep -qF "[$dir/print.lua: print output cut at 1024 KiB; the rest is dropped]" "$err"; then
    echo "ok - limits print-cut"
else
    echo "FAIL limits print-cut: $(wc -c <"$err") bytes of stderr, last: $(tail -1 "$err")"
fi
# rho.param names: kept in the script's state, under its memory budget
printf '%s\n%s\n' "for i = 1, 1e7 do rho.param('p' .. i, 1) end" "$ok_scen" >"$dir/names.lua"
t param-names 3 - - -- -b --lua-memory 16 "$dir/names.lua"
grep -qF "memory budget of 16 MiB exceeded" "$err" && echo "ok - limits param-names-memory" ||
    echo "FAIL limits param-names-memory: $(head -1 "$err")"
# a sweep still sees the names read, each once
printf '%s\n' "local s = rho.param('size', '1 MiB') .. rho.param('size', '1 MiB')" \
    "return rho.scenario { topology = rho.t2(), flows = { { '0', '1', size = rho.param('size', '1 MiB') } } }" >"$dir/sweep.lua"
t sweep-names 0 "2MiB" - -- --sweep size=1MiB,2MiB "$dir/sweep.lua"

# the options
t lua-time-bad 2 - "rho: --lua-time expects a number of seconds (at most 86400), got 'soon'" -- -b --lua-time soon scenarios/table1.lua
t lua-time-zero 2 - "rho: --lua-time expects a number of seconds (at most 86400), got '0'" -- -b --lua-time 0 scenarios/table1.lua
t lua-time-ok 0 "makespan 64.94 ms" - -- -b --lua-time 0.5 scenarios/table1.lua
t help-lua-time 0 "--lua-time SECONDS" - -- --help
t help-exit-70 0 "70 internal error" - -- --help

# budgets beyond the script: refused before the work, with what it would
# need and the option that allows it (exit 3)
t search-sample-huge 3 - "rho: scenarios/table1.lua: a search of 99,999,999,999,999 schedules would need 1.421 PiB for their times, more than the memory budget of 1 GiB (--max-memory to allow more, or a smaller --sample)" -- --search --sample 99999999999999 --max-memory "1 GiB" scenarios/table1.lua
t search-sample-default 3 - - -- --search --sample 99999999999999 scenarios/table1.lua
grep -qF "more than the memory budget of" "$err" && echo "ok - limits search-sample-default-says" ||
    echo "FAIL limits search-sample-default-says: $(head -1 "$err")"
t search-time 3 - - -- --search --sample 10000000 --max-time 0.001 -j 1 scenarios/table1.lua
grep -qF "more than the time budget of 1 ms (--max-time to allow more, or a smaller --sample)" "$err" &&
    echo "ok - limits search-time-says" || echo "FAIL limits search-time-says: $(head -1 "$err")"
t search-within 0 "schedules" - -- --search --sample 100 --max-memory "1 MiB" --max-time 60 scenarios/table1.lua
t max-memory-bad 2 - "rho: --max-memory expects a size such as \"8 GiB\", got 'lots'" -- --search --max-memory lots scenarios/table1.lua
t max-time-bad 2 - "rho: --max-time expects a number of seconds, got '-1'" -- --search --max-time -1 scenarios/table1.lua
t help-max-memory 0 "--max-memory SIZE" - -- --help
# a curve that cannot be written says why
t curve-full 2 - "rho: /dev/full: cannot write: No space left on device" -- --search --sample 50 --curve /dev/full scenarios/table1.lua

# options that cannot go together are refused, not silently dropped
t search-sweep 2 - "rho: --search and --sweep cannot go together: a sweep runs the model at each point and a search orders one scenario's flows; run them one after the other" -- --search --sweep tau=0.1,0.2 scenarios/table1.lua
t sweep-compare 2 - - -- --sweep tau=0.1,0.2 --compare tau=0.3,0.4 scenarios/table1.lua
t steps-timeline 2 - "rho: --steps and --timeline cannot go together: each prints its own table; run rho once for each" -- -b --steps --timeline scenarios/table1.lua
t explain-yaml 2 - "rho: --explain prints text only: -f yaml is not supported with it" -- -b --explain 1 -f yaml scenarios/table1.lua
t explain-csv 2 - "rho: --explain prints text only: -f csv is not supported with it" -- -b -f csv --explain 1 scenarios/table1.lua
t explain-text 0 "flow 1 (0->2)" - -- -b --explain 1 scenarios/table1.lua
# -f csv|yaml works with every mode that prints, or is refused
t stepper-yaml 2 - "rho: --stepper prints text only: -f yaml is not supported with it (--steps prints the factors as yaml)" -- -f yaml --stepper scenarios/table1.lua
t dump-csv 2 - "rho: --dump prints a screen, as text: -f csv is not supported with it" -- -f csv --dump 80x24:tree scenarios/table1.lua
t export-yaml 2 - "rho: --export prints a screen, as text, ANSI or SVG: -f yaml is not supported with it" -- -f yaml --export svg 80x24:tree scenarios/table1.lua
t handout-csv 2 - "rho: --handout and --answer print text: -f csv is not supported with it" -- -f csv --handout scenarios/lessons/03-hol.lua
t import-yaml 2 - "rho: --import prints a Lua scenario: -f yaml is not supported with it" -- -f yaml --import hwloc tests/lua/hwloc/24em64t-2n6c2t-pci.xml
t format-implies-batch 0 "scenario: Table I" - -- -f yaml scenarios/table1.lua
t matrix-yaml-ok 0 "pairs:" - -- --matrix -f yaml scenarios/table1.lua
t search-csv-ok 0 "rank,time_s" - -- --search -q -f csv scenarios/table1.lua

# messages with a file and a cause, and output a program can read
printf 'return rho.scenario { title = "bad \377 title", topology = rho.t2(), flows = { { "0", "1", size = "1 MiB" } } }\n' >"$dir/badtitle.lua"
t yaml-non-utf8 0 "scenario: bad � title" - -- -b -f yaml "$dir/badtitle.lua"
t dump-wraps 2 - "rho: --dump: a screen of at most 1000x1000 characters, got '4294967297x10:flows'" -- --dump 4294967297x10:flows scenarios/table1.lua
t dump-no-view 2 - "rho: --dump expects WxH:VIEW such as 100x30:tree, got '100x30:'" -- --dump 100x30: scenarios/table1.lua
t dump-ok 0 "Table I" - -- --dump 100x30:flows scenarios/table1.lua

# the link model on a network too large for the time budget: refused at
# once with the estimate (df-thesis all-to-all: about 7.8e13 messages)
printf 'return rho.scenario { topology = rho.network "df-thesis", traffic = rho.pattern.alltoall { size = "1 KiB" } }\n' >"$dir/a2a.lua"
t net-time 3 - "rho: $dir/a2a.lua: the link model would route about 78,275,770,122,240 messages, about 1.24 y at 2 million a second: more than the time budget of 1 h (--max-time SECONDS to allow more)" -- -b --links "$dir/a2a.lua"
t net-time-small 3 - - -- -b --max-time 0.001 scenarios/supernode-rs-pairwise.lua
grep -qF "the link model would route about 268,419,072 messages" "$err" &&
    echo "ok - limits net-time-exact" || echo "FAIL limits net-time-exact: $(head -1 "$err")"
t net-time-within 0 "messages" - -- -b --links --max-time 60 scenarios/dragonfly-small.lua
# refused by the link model at once, and the batch does not wait for the
# models after it: the queueing model would route the supernode's 268
# million messages over 4 Valiant paths each for half a minute (under 4
# GiB: in 16 the link model solves them in runs of 2, in under a minute)
sed 's/routing = "SD"/routing = "AI"/' scenarios/supernode-rs-pairwise.lua >"$dir/sn-ai.lua"
t0=$(date +%s%N)
t net-memory-first 3 - "rho: $dir/sn-ai.lua: the link model needs about 23.03 GiB for 268,419,072 messages, more than the 4 GiB allowed: it would fit on 6 MPI ranks (rho-mpi), or with --max-memory 23588MiB (or 5901MiB in runs of 4 identical messages)" -- -b --max-memory 4GiB "$dir/sn-ai.lua"
ms=$((($(date +%s%N) - t0) / 1000000))
[ "$ms" -lt 5000 ] && echo "ok - limits net-memory-first-quick" ||
    echo "FAIL limits net-memory-first-quick: $ms ms (the queueing model ran on)"
t0=$(date +%s%N)
t dump-memory-first 3 - "rho: $dir/sn-ai.lua: the link model needs about 23.03 GiB for 268,419,072 messages, more than the 4 GiB allowed: it would fit on 6 MPI ranks (rho-mpi), or with --max-memory 23588MiB (or 5901MiB in runs of 4 identical messages)" -- --dump 100x30:network --max-memory 4GiB "$dir/sn-ai.lua"
ms=$((($(date +%s%N) - t0) / 1000000))
[ "$ms" -lt 5000 ] && echo "ok - limits dump-memory-first-quick" ||
    echo "FAIL limits dump-memory-first-quick: $ms ms (the queueing model ran on)"

# AD's first plan counts the messages before their fixed paths: a lower
# bound, said as one (it named 30 MiB, which was then refused at 59.49);
# the plan with the paths names what would do, and that runs
t ad-memory-first 3 - "rho: scenarios/dragonfly-workload.lua: the link model needs more than 29.56 MiB for 504,924 messages (before their fixed paths are counted, which come on top), more than the 20 MiB allowed (raise it with --max-memory: past this count the paths are planned too, and the message names what would do)" -- -b -m link --max-memory 20MiB -p routing=AD scenarios/dragonfly-workload.lua
t ad-memory-paths 3 - "rho: scenarios/dragonfly-workload.lua: the link model needs about 59.49 MiB for 504,924 messages, more than the 30 MiB allowed: it would fit on 3 MPI ranks (rho-mpi), or with --max-memory 60MiB" -- -b -m link --max-memory 30MiB -p routing=AD scenarios/dragonfly-workload.lua
t ad-memory-enough 0 "max link" - -- -b -m link -q --max-memory 60MiB -p routing=AD scenarios/dragonfly-workload.lua
