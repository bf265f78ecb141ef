#!/bin/sh
# Command-line behaviour: options, exit codes, output formats.
BUILD=${1:-build}
RHO=$BUILD/rho
out=$(mktemp)
err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT

T_SUITE=cli
. tests/cli/lib.sh

t version 0 "rho 0." - -- --version
t help 0 "--batch" - -- --help
t help-format 0 "output format: text (default), csv or yaml" - -- -h
t unknown-option 2 - "rho: unknown option '--bogus'" -- --bogus
t missing-value 2 - "option '--format' needs a value" -- --batch --format
t bad-format 2 - "unknown format 'xml' (expected text, csv or yaml)" -- --batch --format xml scenarios/table1.lua
t flag-value 2 - "option '--batch=1' takes no value" -- --batch=1 scenarios/table1.lua
t two-files 2 - "one scenario at a time" -- --batch scenarios/table1.lua scenarios/hol.lua
# getopt_long: bundled flags, abbreviations, values glued or apart,
# options after the scenario, "--"
t bundle 0 "flow,src,dst,bytes,start_s" - -- -bfcsv scenarios/table1.lua
t bundle-apart 0 "flow,src,dst,bytes,start_s" - -- -bf csv scenarios/table1.lua
t short-glued 0 "flow,src,dst,bytes,start_s" - -- -b -fcsv scenarios/table1.lua
t abbrev 0 "makespan_s: 0.0649438115763546" - -- --bat --form=yaml scenarios/table1.lua
t abbrev-apart 0 "flow,src,dst,bytes,start_s" - -- --bat --fo csv scenarios/table1.lua
t ambiguous 2 - "rho: option '--s' is ambiguous (--steps, --stepper, --search, --sample, --seed, --sweep)" -- --s scenarios/table1.lua
t ambiguous-value 2 - "rho: option '--st' is ambiguous (--steps, --stepper)" -- -b --st=1 scenarios/table1.lua
t bundle-unknown 2 - "rho: unknown option '-x' (in '-bxC')" -- -bxC scenarios/table1.lua
t bundle-needs-value 2 - "rho: option '-f' needs a value" -- scenarios/table1.lua -bf
t abbrev-no-value 2 - "rho: option '--bat=1' takes no value" -- --bat=1 scenarios/table1.lua
t options-after-file 0 "flow,src,dst,bytes,start_s" - -- scenarios/table1.lua -b -f csv
t two-files-after 2 - "rho: one scenario at a time (got 'scenarios/hol.lua' too)" -- scenarios/table1.lua -b scenarios/hol.lua
t dashdash-two 2 - "rho: one scenario at a time (got '-b' too)" -- scenarios/table1.lua -- -b
# every spelling prints the same
"$RHO" --batch --format csv scenarios/table1.lua >"$out.want" 2>&1
for args in "-bfcsv scenarios/table1.lua" "scenarios/table1.lua -bfcsv" \
    "--b --form=csv scenarios/table1.lua" "-b scenarios/table1.lua --format=csv" \
    "-fcsv -- scenarios/table1.lua -b"; do
    # (the last: -b after "--" is a second scenario, refused)
    "$RHO" $args >"$out" 2>&1
    rc=$?
    case $args in
    *"-- scenarios/table1.lua -b") want=2 ;;
    *) want=0 ;;
    esac
    if [ $rc = 0 ] && [ "$want" = 0 ] && cmp -s "$out" "$out.want"; then
        echo "ok - cli spelling $args"
    elif [ $rc = 2 ] && [ "$want" = 2 ] && grep -qF "one scenario at a time (got '-b' too)" "$out"; then
        echo "ok - cli spelling $args"
    else
        echo "FAIL cli spelling $args: $(head -1 "$out")"
    fi
done
rm -f "$out.want"
# "--" ends the options: a scenario named like an option
dd=$(mktemp -d)
cp scenarios/table1.lua "$dd/-b.lua"
abs=$(cd "$(dirname "$RHO")" && pwd)/$(basename "$RHO")
(cd "$dd" && "$abs" -b -f csv -- -b.lua) >"$out" 2>"$err"
rc=$?
if [ $rc = 0 ] && grep -q '^3,3,2,314572800,0,0.03607989532019705,' "$out"; then
    echo "ok - cli dashdash-file"
else
    echo "FAIL cli dashdash-file: exit $rc: $(head -1 "$err")"
fi
(cd "$dd" && "$abs" -b -f csv -b.lua) >"$out" 2>"$err"
rc=$?
if [ $rc = 2 ] && grep -qF "rho: unknown option '-.' (in '-b.lua')" "$err"; then
    echo "ok - cli dashdash-needed"
else
    echo "FAIL cli dashdash-needed: exit $rc: $(head -1 "$err")"
fi
rm -rf "$dd"
# "-": the scenario on standard input, read once (a sweep runs it twice)
for args in "-b" "-b -f csv" "-b -f yaml" "--sweep tau=0.1,0.2" "-b --steps"; do
    "$RHO" $args scenarios/table1.lua 2>&1 | sed 's|scenarios/table1.lua|<stdin>|; s|file: "<stdin>"|file: <stdin>|' >"$out.want"
    cat scenarios/table1.lua | "$RHO" $args - >"$out" 2>&1
    rc=$?
    sed -i 's|file: "<stdin>"|file: <stdin>|' "$out"
    if [ $rc = 0 ] && [ -s "$out" ] && cmp -s "$out" "$out.want"; then
        echo "ok - cli stdin $args"
    else
        echo "FAIL cli stdin $args: exit $rc: $(diff "$out" "$out.want" | head -3)"
    fi
done
rm -f "$out.want"
"$RHO" -bfcsv - <scenarios/table1.lua >"$out" 2>"$err"
if [ $? = 0 ] && grep -q '^3,3,2,314572800,0,0.03607989532019705,' "$out"; then
    echo "ok - cli stdin-redirect"
else
    echo "FAIL cli stdin-redirect: $(head -1 "$err")"
fi
"$RHO" - <scenarios/table1.lua >"$out" 2>"$err"
rc=$?
if [ $rc = 2 ] && grep -qF "rho: a scenario on standard input runs with --batch (or another printing mode); the explorer needs a file it can watch and save" "$err" && [ ! -s "$out" ]; then
    echo "ok - cli stdin-explorer-refused"
else
    echo "FAIL cli stdin-explorer-refused: exit $rc: $(head -1 "$err")"
fi
printf 'return rho.scenario {\n  topology = rho.t2(),\n  flows = { { "0" "1" } }\n}\n' |
    "$RHO" -b - >"$out" 2>"$err"
rc=$?
if [ $rc = 2 ] && [ "$(head -1 "$err")" = "rho: <stdin>:3: '}' expected near '\"1\"'" ]; then
    echo "ok - cli stdin-syntax-error"
else
    echo "FAIL cli stdin-syntax-error: exit $rc: $(head -1 "$err")"
fi
printf 'return rho.scenario {\n  topology = rho.t2(),\n  flows = { { "0", "9", size = "1 MiB" } }\n}\n' |
    "$RHO" -b - >"$out" 2>"$err"
rc=$?
if [ $rc = 2 ] && grep -q '^rho: <stdin>:3: ' "$err"; then
    echo "ok - cli stdin-error-line"
else
    echo "FAIL cli stdin-error-line: exit $rc: $(head -1 "$err")"
fi
# rho.hwloc()'s path, relative to the script's folder: the current one
abs=$(cd "$(dirname "$RHO")" && pwd)/$(basename "$RHO")
(cd tests/lua && "$abs" -b -f yaml - <hwloc-exact.lua) >"$out" 2>"$err"
rc=$?
if [ $rc = 0 ] && grep -q 'bandwidth_Bps: 15753846000' "$out"; then
    echo "ok - cli stdin-relative-path"
else
    echo "FAIL cli stdin-relative-path: exit $rc: $(head -1 "$err")"
fi
sleep 2 | "$RHO" -b --lua-time 0.3 - >"$out" 2>"$err"
rc=$?
if [ $rc = 3 ] && [ "$(head -1 "$err")" = "rho: <stdin>: script stopped after 0.3 s (wall-time budget; --lua-time to allow more)" ]; then
    echo "ok - cli stdin-budget"
else
    echo "FAIL cli stdin-budget: exit $rc: $(head -1 "$err")"
fi
t missing-file 2 - "rho: no/such.lua: cannot open: No such file or directory" -- --batch no/such.lua
t default-scenario 0 "CS-Storm socket (T2)" - -- --batch
t csv-header 0 "flow,src,dst,bytes,start_s,end_s,elapsed_s,avg_Bps,label" - -- --batch --format csv scenarios/table1.lua
t csv-row 0 "3,3,2,314572800,0,0.03607989532019705," - -- --batch --format=csv scenarios/table1.lua
t steps-csv 0 "flow,src,dst,A,B,C,D8,D9,hol" - -- -b --steps -f csv scenarios/table1.lua
t yaml 0 "makespan_s: 0.06494381157635468" - -- -b -f yaml scenarios/table1.lua
t timeline 0 "step 2: 36.08 ms to 64.94 ms" - -- -b --timeline scenarios/table1.lua
t timeline-csv 0 "2,0.03607989532019705,0.06494381157635468,1,0,2,0.5," - -- -b --timeline -f csv scenarios/table1.lua
t links-no-model 2 - "--links lists the link model's results; this scenario has no link model" -- -b --links scenarios/table1.lua
t messages-no-model 2 - "--messages lists the link model's results" -- -b --messages scenarios/table1.lua
t metrics-no-model 2 - "--metrics lists the link model's results" -- -b --metrics scenarios/table1.lua
t metrics-yaml 0 "n_links_ao_bytes: 6" - -- -b -f yaml --metrics scenarios/torus-5x5.lua
t metrics-csv 0 'messages,max dilation,3' - -- -b -f csv --metrics scenarios/torus-5x5.lua
t compare-unread 2 - "rho: scenarios/ch6-designs.lua: --compare takes one rho.param the scenario reads (it does not read \"bogus\")" -- --compare bogus=a,b scenarios/ch6-designs.lua
t compare-twice 2 - "--compare: one parameter at a time" -- --compare network=torus --compare nodes=64 scenarios/ch6-designs.lua
t compare-pcie 2 - "rho: scenarios/halo2d-t2.lua: size=40KiB: not a network scenario" -- --compare size=40KiB,254KiB scenarios/halo2d-t2.lua
t dump-too-big 2 - "rho: --dump: a screen of at most 1000x1000 characters, got '1001x24:tree'" -- --dump 1001x24:tree scenarios/table1.lua
t seed-empty 2 - "rho: --seed expects a whole number up to 9223372036854775807, got ''" -- --search --seed "" scenarios/table1.lua
t seed-overflow 2 - "got '99999999999999999999'" -- --search --seed 99999999999999999999 scenarios/table1.lua
t compare-csv 0 "network,network_as_built,nodes,routers,radix" - -- --compare network=torus,fattree -f csv scenarios/ch6-designs.lua
# two routings on one network: the links whose bytes changed, counted
# here from the two runs' --links tables
"$RHO" -b -m link --links -f csv scenarios/dragonfly-small.lua >"$out"
"$RHO" -b -m link --links -f csv -p routing=SD scenarios/dragonfly-small.lua >"$err"
changes=$(paste -d, "$out" "$err" | awk -F, 'NR > 1 {
    a = $5; b = $12; big = a > b ? a : b; d = b - a; if (d < 0) d = -d
    if (d > 1e-9 * big) { n++; if (b > a) up++; else down++ } }
    END { printf "%d of 360 links changed, %d up, %d down", n, up, down }')
t compare-routing-links 0 "SD         vs AD: $changes" - -- --compare routing=AD,SD scenarios/dragonfly-small.lua
t sweep-plot 0 "1 |################################################## 304.6 MiB" - -- --sweep global=1,2 --plot -q scenarios/ch7-whatif.lua
t model-pcie 0 "congestion graph: 4 flows" - -- -b -m pcie scenarios/table1-both-models.lua
t model-link 0 "hottest  link" - -- -b -m link scenarios/table1-both-models.lua
t model-both 0 "link model" - -- -b -m pcie,link scenarios/table1-both-models.lua
t model-unknown 2 - "rho: -m: unknown model 'bogus' (the models are pcie, link, queue)" -- -b -m bogus scenarios/table1.lua
t model-absent 2 - "-m link: no such model for this scenario (it has: pcie)" -- -b --model=link scenarios/table1.lua
t model-option 2 - "--links is for the link model, which -m pcie leaves out" -- -b -m pcie --links scenarios/table1-both-models.lua
t model-sweep 0 "sweep: 2 points (link model)" - -- --sweep tau=0.1,0.2 -m link scenarios/table1-both-models.lua
t model-help 0 "models (-m): pcie (the PCIe model), link (the link model), queue (the queueing model)" - -- --help
t queue-batch 0 "saturation 486.4 MiB/s (bottleneck: L2)" - -- -b -m queue scenarios/queue-gups.lua
t queue-only 2 - "-m link: no such model for this scenario (it has: queue)" -- -b -m link scenarios/queue-gups.lua
t queue-csv 0 "optimal,L1,1,3306153846.1538463,3.5," - -- -b -m queue -f csv scenarios/queue-gups.lua
t queue-yaml 0 "    relative: 1.8521870286576168" - -- -b -m queue -f yaml scenarios/queue-gups.lua
t queue-param 0 "throughput 486.4 MiB/s of 608 MiB/s offered; throttled 121.6 MiB/s (20.0%)" - -- -b -m queue -p load=1.25 scenarios/queue-gups.lua
t queue-sweep 0 "sweep: 3 points (queueing model)" - -- --sweep load=0.5,1,1.5 -m queue scenarios/queue-gups.lua
t queue-network 0 "queueing model" - -- -b scenarios/fattree-k4.lua

# models = { ... } in the script chooses which models run; -m overrides it
md=$(mktemp -d)
sed 's/^return rho.scenario *{/return rho.scenario { models = { "link" },/' \
    scenarios/torus-5x5.lua >"$md/link.lua"
sed 's/^return rho.scenario *{/return rho.scenario { models = { "queue" },/' \
    scenarios/torus-5x5.lua >"$md/queue.lua"
t models-link 0 "hottest  link" - -- -b "$md/link.lua"
if grep -q "queueing model" "$out"; then
    echo "FAIL cli models-link-only: models = { \"link\" } still ran the queueing model"
else
    echo "ok - cli models-link-only"
fi
t models-queue 0 "saturation" - -- -b "$md/queue.lua"
if grep -q "hottest  link" "$out"; then
    echo "FAIL cli models-queue-only: models = { \"queue\" } still ran the link model"
else
    echo "ok - cli models-queue-only"
fi
t models-m-wins 0 "hottest  link" - -- -b -m link "$md/queue.lua"
rm -rf "$md"
t starved-exit 1 "STARVED" "starved at t = 0.000841864224 s" -- --batch scenarios/starved.lua
t param 0 "300 MiB" - -- -b -p size=300MiB scenarios/halo2d-t2.lua
t param-bad 2 - "--param expects NAME=VALUE" -- -b -p size scenarios/halo2d-t2.lua
t lua-insn-bad 2 - "--lua-instructions expects a positive number" -- -b --lua-instructions x scenarios/table1.lua
t search-text 0 "slowest / fastest  1.879" - -- --search -q scenarios/halo2d-t2.lua
t search-yaml 0 "slowest_over_fastest: 1.87" - -- --search -q -f yaml scenarios/halo2d-t2.lua
t search-yaml-keys 0 "fastest_s:" - -- --search -q -f yaml -j 1 scenarios/halo2d-t2.lua
t search-csv 0 "20736,0.00020" - -- --search -q -f csv scenarios/halo2d-t2.lua
# an option read only by another's mode is refused without it (it did
# nothing, without a word)
t curve-alone 2 - "rho: --curve is for --search, which is not given: alone it would do nothing" -- -b --curve /tmp/rho-never-$$.csv scenarios/table1.lua
t frames-alone 2 - "rho: --frames is for --export, which is not given" -- --dump 80x24:stepper --frames /tmp/rho-never-$$ scenarios/table1.lua
# --at is read by four modes only; mode options are one at a time
t at-alone 2 - "rho: --at is for --explain, --stepper, --dump or --export, none of which is given" -- -b --at 10ms scenarios/table1.lua
t at-steps 2 - "rho: --at is for --explain" -- --steps --at 10ms scenarios/table1.lua
t stepper-at 0 "Algorithm 1 in time step 2 of 2 (36.08 ms to 64.94 ms), 10 frames" - -- --stepper --at 40ms scenarios/table1.lua
t stepper-first 0 "Algorithm 1 in time step 1 of 2 (0 s to 36.08 ms), 11 frames" - -- --stepper scenarios/table1.lua
t stepper-at-end 0 "--at 1 s is after the last flow ends (64.94 ms): this is the last time step" - -- --stepper --at 1s scenarios/table1.lua
no_flow=$(mktemp)
echo 'return rho.scenario { topology = rho.t2(), flows = {} }' >"$no_flow"
t stepper-no-flow 0 "Algorithm 1: nothing to step (no flow sends)" - -- --stepper "$no_flow"
rm -f "$no_flow"
t dump-matrix 2 - "rho: --dump and --matrix cannot go together: each prints its own output" -- --dump 80x24:tree --matrix scenarios/table1.lua
t handout-answer 2 - "rho: --handout and --answer cannot go together" -- --handout --answer 0.3 scenarios/lessons/03-hol.lua
t sweep-export 2 - "rho: --export and --sweep cannot go together" -- --sweep tau=0.1,0.2 --export text 80x24:tree scenarios/table1.lua
t matrix-steps 2 - "rho: --matrix prints no model's results: --steps would do nothing with it" -- --matrix --steps scenarios/table1.lua
t plot-alone 2 - "rho: --plot is for --sweep, which is not given" -- -b --plot scenarios/table1.lua
t answers-alone 2 - "rho: --answers is for --handout, which is not given" -- -b --answers scenarios/table1.lua
t search-sample 0 "500 random schedules of 20,736" - -- --search -q --sample 500 scenarios/halo2d-t2.lua
t search-threads-bad 2 - "--threads expects a number from 1 to 64" -- --search -j 0 scenarios/halo2d-t2.lua
t search-curve 0 - - -- --search -q --curve /tmp/rho-curve-$$.csv scenarios/halo2d-t2.lua
if [ "$(wc -l </tmp/rho-curve-$$.csv)" = 20737 ] && head -1 /tmp/rho-curve-$$.csv | grep -q '^rank,time_s$'; then
    echo "ok - cli search-curve-file"
else
    echo "FAIL cli search-curve-file: $(wc -l </tmp/rho-curve-$$.csv) lines"
fi
rm -f /tmp/rho-curve-$$.csv
# real machines
t import-p8 0 'rho.direct("cuda0", "cuda1", { bandwidth = "40000 MB/s", kind = "nvlink" })' - -- --import hwloc tests/lua/hwloc/power8gpudistances.xml
t import-kind 2 - "rho: --import: unknown kind 'lstopo' (rho imports hwloc)" -- --import lstopo x.xml
t import-bad 2 - "rho: tests/lua/hwloc/bad-not-hwloc.xml: not an hwloc XML file (no <topology> element)" -- --import hwloc tests/lua/hwloc/bad-not-hwloc.xml
t import-this 0 "-- A rho scenario of this machine" - -- --import hwloc
t matrix 0 "gpu0  12.60  12.60      -  25.00  25.00  50.00  50.00  10.42  10.42  10.42" - -- --matrix scenarios/machines/dgx-like.lua
t matrix-csv 0 "gpu0,gpu3,50000000000,50000000000" - -- --matrix -f csv scenarios/machines/dgx-like.lua
t matrix-yaml 0 "alone_Bps: 50000000000" - -- --matrix -f yaml scenarios/machines/dgx-like.lua
t matrix-network 2 - "--matrix: the scenario is a network: it has no PCIe tree" -- --matrix scenarios/torus-5x5.lua
t yaml-bandwidth 0 "  bandwidth_Bps: 50000000000" - -- -b -f yaml scenarios/machines/dgx-like.lua
# no message crosses a link: the queueing model has nothing to queue, and
# says so; the run (exit 0) and a sweep (its columns "-") go on
t queue-idle 0 "no message crosses a link (4096 messages, each between ends on one router or of no bytes): nothing to queue" - -- -b -p size=0B scenarios/ch6-designs.lua
t queue-idle-yaml 0 'idle: "no message crosses a link: nothing to queue"' - -- -b -m queue -f yaml -p size=0B scenarios/ch6-designs.lua
t queue-idle-sweep 0 "0B,0,0,0,0,0,,,,,," - -- --sweep size=0B,1KiB -f csv -j 1 scenarios/ch6-designs.lua
t sweep-tau 0 "0.25  67.35 ms" - -- --sweep tau=0:0.3:0.05 scenarios/table1.lua
t sweep-csv 0 "254KiB,260096,0.2,0.00013461547532105095" - -- --sweep size=40KiB,254KiB --sweep tau=0.1,0.2 -f csv scenarios/halo2d-t2.lua
t sweep-starved 0 "1   starved" - -- --sweep tau=0.5:1:0.25 scenarios/lone-rc.lua
t sweep-unread 2 - "the scenario does not read rho.param(\"foo\", ...)" -- --sweep foo=1,2 scenarios/halo2d-t2.lua
# a -p the script never reads is a typo or the wrong scenario: refused, naming what it reads
t param-unread 2 - "rho: scenarios/dragonfly-small.lua: -p placment=RDR: the scenario does not read rho.param(\"placment\", ...) (it reads: routing, placement)" -- -b -p placment=RDR scenarios/dragonfly-small.lua
t param-unread-none 2 - "rho: scenarios/table1.lua: -p tau=0.3: the scenario does not read rho.param(\"tau\", ...): it reads no rho.param" -- -b -p tau=0.3 scenarios/table1.lua
t param-read 0 "placement  RDR" - -- -b -p placement=RDR scenarios/dragonfly-small.lua
t sweep-bad 2 - "--sweep: a sweep is NAME=VALUES" -- --sweep tau scenarios/table1.lua
t sweep-bad-tau 2 - "point 1 (tau=2): tau must be a number from 0 to 1" -- --sweep tau=2 scenarios/table1.lua
t sweep-yaml 0 "status: starved" - -- --sweep tau=1 -f yaml scenarios/lone-rc.lua
t sweep-yaml-base 0 "  size_bytes: 260096" - -- --sweep size=40KiB,254KiB -f yaml scenarios/halo2d-t2.lua
t sweep-yaml-number 0 "- tau: 0.1" - -- --sweep tau=0.1,0.2 -f yaml scenarios/halo2d-t2.lua
t class-csv-units 0 "class,links,used,min_bytes,q1_bytes,median_bytes,mean_bytes,q3_bytes,max_bytes,min_used_bytes" - -- -b -f csv -m link scenarios/torus-5x5.lua
t class-yaml-units 0 "min_used_bytes: 1048576" - -- -b -f yaml -m link scenarios/torus-5x5.lua
# --links in YAML has the CSV's columns: each link's bandwidth, per-job bytes
t links-yaml-bw 0 "  bandwidth_Bps: 2000000000" - -- -b -m link --links -f yaml scenarios/torus-5x5.lua
# a static routing gives no message a bandwidth: not 0 B/s (starved)
if "$RHO" -b --messages -f csv scenarios/torus-5x5.lua | grep -qx '2,flows,3,21,2097152,'; then
    echo "ok - cli messages-static"
else
    echo "FAIL cli messages-static: message 2's bandwidth is not an empty field"
fi
t messages-static-yaml 0 "bandwidth_Bps: null" - -- -b --messages -f yaml scenarios/torus-5x5.lua
# under AD, a message that stays on its router has none either (it read
# 0, as if starved, while the summary counted no starved message)
same=$(mktemp)
printf '%s\n' 'return rho.scenario { topology = rho.torus { dims = { 3 }, cores = 2 }, size = "4 KiB",' \
    '  routing = "AD", flows = { { 0, 1 }, { 0, 2 } } }' >"$same"
if "$RHO" -b -m link --messages -f csv "$same" | grep -qx '1,flows,0,1,4096,' &&
    "$RHO" -b -m link --messages -f csv "$same" | grep -qx '2,flows,0,2,4096,2000000000'; then
    echo "ok - cli messages-same-router"
else
    echo "FAIL cli messages-same-router: a message on one router has a bandwidth, or one across none"
fi
rm -f "$same"
t explain 0 "D8 head-of-line blocked: it shares K0->SA with flow 2 (1->4)" - -- --explain 1 scenarios/table1.lua
t explain-at 0 "flow 1 (0->2) at 40 ms: factor 0.5 (1/2)" - -- -e 1 --at 40ms scenarios/table1.lua
t explain-range 2 - "--explain 9: the scenario has 4 flows" -- -e 9 scenarios/table1.lua
t explain-bad 2 - "--explain expects a flow number" -- -e x scenarios/table1.lua
t at-bad 2 - "--at: unknown time unit" -- -e 1 --at 4wk scenarios/table1.lua
t stepper 0 "[7/11 C] Step C at SB->K2" - -- --stepper scenarios/table1.lua
t export-help 0 "--export FMT WxH:VIEW" - -- --help
t export-two-values 2 - "option '--export' needs two values (FMT WxH:VIEW)" -- --export svg
t export-frame-step 0 "frame 10 of 11" - -- --export text 100x30:stepper --frame D8 scenarios/table1.lua
t export-frame-port 0 "Step C at SB->K2" - -- --export text 100x30:stepper --frame "C SB->K2" scenarios/table1.lua
# --dump of several views: one run, each screen after a line naming it
# no flow, no time step: Heat and Stats say so (they said "time step 0")
printf 'return rho.scenario { title = "none", topology = rho.t2(), flows = {} }\n' >"$out.noflow.lua"
t heat-no-step 0 " link loads: no time step (no flow sends), every link idle" - -- --dump 80x24:heat "$out.noflow.lua"
t stats-no-step 0 " link loads: no time step (no flow sends), every link idle" - -- --dump 80x24:stats "$out.noflow.lua"
rm -f "$out.noflow.lua"
t dump-list 0 "=== 80x24:flows" - -- --dump 80x24:tree,flows scenarios/table1.lua
t dump-all 0 "=== 80x24:teach" - -- --dump 80x24:all scenarios/table1.lua
t dump-all-queue 0 "=== 80x24:queue" - -- --dump 80x24:all scenarios/queue-gups.lua
t dump-list-unknown 2 - "--dump: unknown view 'nope' (PCIe model: tree" -- --dump 80x24:tree,nope scenarios/table1.lua
t dump-list-absent 2 - "no network view for this scenario (it has: tree flows" -- --dump 80x24:tree,network scenarios/table1.lua
t dump-list-frame 2 - "--frame names a frame of one view; --dump shows several here" -- --dump 80x24:all --frame 2 scenarios/table1.lua
t export-all 2 - "--export shows one view, got 'all' (--dump prints several)" -- --export svg 80x24:all scenarios/table1.lua
t dump-frame-bad 2 - "--frame: frame 'E': no such frame in this time step (give a number from 1 to 11, a step A, B, C, D8 or D9, or a port such as K0->SA)" -- --dump 100x30:stepper --frame E scenarios/table1.lua
t lesson-n 0 "Lesson 3: head-of-line blocking (Table I)" - -- --lesson 3 --batch
t lesson-folder 0 "Lesson 1: upstream ports share in proportion" - -- --batch scenarios/lessons/
t lesson-folder-n 0 "Lesson 2: downstream round robin" - -- --batch --lesson 2 scenarios/lessons
t lesson-missing 2 - "rho: scenarios/lessons: no lesson 99 (there are 7)" -- --lesson 99 --batch
t lesson-not-folder 2 - "rho: --lesson 2: scenarios/table1.lua is not a folder of lessons" -- --lesson 2 scenarios/table1.lua
t lesson-empty-folder 2 - "no lessons (*.lua) in the folder" -- --batch tests/golden/screens
t handout 0 "   Answer: ____" - -- --handout --lesson 3
t handout-answers 0 "   A: 0.7 = 7/10" - -- --handout --answers --lesson 3
t handout-none 2 - "rho: scenarios/table1.lua: --handout: the scenario has no lesson" -- --handout scenarios/table1.lua
t answer-right 0 "step 6: right: 0.7 for the factor of flow 3 (3->2) after D9 in time step 1 (rho: 0.7 = 7/10)" - -- --answer 7/10 --lesson 3
t answer-comma 0 "right" - -- --answer 0,5 --lesson 4
t answer-low 4 "step 6: too low: 0.5 for the factor of flow 3 (3->2)" - -- --answer 0.5 --lesson 3
t answer-high 4 "step 5: too high: 0.9 for the factor of flow 1 (l0->l1)" - -- --answer 90% --lesson 2
t answer-words 2 - "rho: --answer: 'seven' is not a number (write 0.3, 3/10 or 30%)" -- --answer seven --lesson 3
t answer-no-exercise 2 - "--answer: the scenario's lesson has no exercise (predict = FLOW)" -- --answer 1 --lesson 6
t lesson-bad-n 2 - "--lesson expects a lesson number (1, 2, ...), got 'x'" -- --lesson x
t help-exit-4 0 "4 --answer: the prediction is off" - -- --help
# link model engines: the reference (rho's first engine) and the default
# print the same on small runs under every adaptive routing; a run the
# fast engine compresses says so, and --engine exact does not
t engine-bad 2 - "--engine expects fast, exact or reference, got 'bogus'" -- -b --engine bogus scenarios/dragonfly-small.lua
t memory-bad 2 - "--max-memory expects a size such as \"8 GiB\", got 'lots'" -- -b --max-memory lots scenarios/dragonfly-small.lua
# (scenarios that read rho.param "routing"; mesh-4x4-paths under AI has
# links the reference makes differ in their last bit where the default's
# are equal, and lists them in another order)
for s in dragonfly-small ch6-designs mesh-4x4-paths; do
    for r in AD AI AH; do
        [ $s/$r = mesh-4x4-paths/AI ] && continue
        "$RHO" -b -q --engine reference -p routing=$r scenarios/$s.lua >"$out" 2>&1
        if "$RHO" -b -q -m link -p routing=$r scenarios/$s.lua 2>&1 | cmp -s - "$out"; then
            echo "ok - cli engine-reference $s $r"
        else
            echo "FAIL cli engine-reference $s $r: the default engine prints otherwise"
        fi
    done
done
t engine-fast-says 0 "exposure   over 14 rounds, not the model's 50" - -- -b scenarios/ch7-whatif.lua
"$RHO" -b --engine exact scenarios/ch7-whatif.lua >"$out" 2>&1
if grep -q '^exposure' "$out" || ! grep -q '57 allocation rounds' "$out"; then
    echo "FAIL cli engine-exact: ch7-whatif under --engine exact is not the model's 50 rounds of exposure"
else
    echo "ok - cli engine-exact"
fi
# a full disk: every mode says so and fails, short outputs too (stdio held
# them until exit; --export, --dump, -f yaml and a sweep exited 0 or
# silently)
if [ -w /dev/full ]; then
    for o in "--export svg 80x24:tree" "--dump 80x24:tree" "-b -f yaml" \
        "--steps -f yaml" "--sweep tau=0.1,0.2" "-b"; do
        # shellcheck disable=SC2086
        "$RHO" $o scenarios/table1.lua >/dev/full 2>"$err"
        rc=$?
        if [ $rc = 2 ] && grep -q "write" "$err"; then
            echo "ok - cli full-disk $o"
        else
            echo "FAIL cli full-disk $o: exit $rc, stderr '$(head -1 "$err")'"
        fi
    done
fi
# an output that is the scenario is refused, and the scenario is kept
keep=$(mktemp -d)
cp scenarios/table1.lua "$keep/sc.lua"
cp scenarios/table1.lua "$keep/p-01.svg"
t curve-is-input 2 - "--curve $keep/sc.lua is the scenario: it would be overwritten" -- --search -q --curve "$keep/sc.lua" "$keep/sc.lua"
t frames-is-input 2 - "rho: $keep/p-01.svg: --frames would overwrite the scenario" -- --export svg 80x24:stepper --frames "$keep/p" "$keep/p-01.svg"
if cmp -s scenarios/table1.lua "$keep/sc.lua" && cmp -s scenarios/table1.lua "$keep/p-01.svg"; then
    echo "ok - cli outputs-kept-input"
else
    echo "FAIL cli outputs-kept-input: a scenario was overwritten"
fi
rm -rf "$keep"
# a name wider than its column ends in "…", a space before the bars (it
# was cut mid-name, the bar right after it)
long=$(mktemp -d)
printf '%s\n' 'local n = string.rep("S", 60)' \
    'return rho.scenario { topology = rho.rc("RC", { rho.switch(n, { rho.gpu("A" .. n), rho.gpu("B" .. n) }) }),' \
    '  flows = { { "A" .. n, "B" .. n, size = "1 MiB" } } }' >"$long/n.lua"
t tree-long-name 0 " └─SSSSSSSSSSSSSSSSSSSSSSSSSS… ·" - -- --dump 100x18:tree "$long/n.lua"
t flows-long-name 0 " 1    ASSSSSS… BSSSSSS…" - -- --dump 100x18:flows "$long/n.lua"
rm -rf "$long"
# a save (NAME.edited.lua) or kept edits (NAME.recover.lua) in a folder of
# lessons are no lessons: the numbers stay the course's
les=$(mktemp -d)
cp scenarios/lessons/*.lua "$les/"
cp "$les/03-hol.lua" "$les/03-hol.edited.lua"
cp "$les/03-hol.lua" "$les/01-upstream.recover.lua"
t lessons-skip-saves 0 "Lesson 4: the congestion graph" - -- --batch --lesson 4 "$les"
t lessons-skip-count 2 - "no lesson 8 (there are 7)" -- --batch --lesson 8 "$les"
rm -rf "$les"

# a lesson step's focus: what the scenario alone tells is refused at load
# (the step's line), what the run tells before a slide is made
fl=$(mktemp -d)
cat >"$fl/frame.lua" <<'LUA'
return rho.scenario { topology = rho.t2(), size = '1 MiB',
  flows = { { '0', '2' }, { '1', '4' } },
  lesson = {
    { text = 'x', focus = { view = 'teach', frame = 'Q' } },
  } }
LUA
sed "s/{ view = 'teach', frame = 'Q' }/{ step = 9 }/" "$fl/frame.lua" >"$fl/step.lua"
t lesson-focus-load 2 - "frame.lua:4: lesson step 1: focus: frame 'Q': not a frame" -- --handout "$fl/frame.lua"
t lesson-focus-batch 2 - "frame.lua:4: lesson step 1: focus: frame 'Q'" -- -b "$fl/frame.lua"
t lesson-focus-run-dump 2 - "step.lua:4: lesson step 1: focus: the run has no time step 9" -- --dump 80x24:lesson "$fl/step.lua"
t lesson-focus-run-handout 2 - "step.lua:4: lesson step 1: focus: the run has no time step 9" -- --handout "$fl/step.lua"
rm -rf "$fl"
