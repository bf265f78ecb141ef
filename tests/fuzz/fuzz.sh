#!/bin/sh
# fuzz.sh BUILD TARGET SECONDS: run one libFuzzer target (built by
# `make fuzz`) for SECONDS. The working corpus grows in BUILD/corpus/TARGET,
# seeded from tests/fuzz/TARGET/ (and the scenarios or themes). Crashes,
# leaks, timeouts and out-of-memory inputs are written to tests/fuzz/TARGET/
# (crash-*, leak-*, timeout-*, oom-*), where `make test` replays them: fix
# the bug, then rename the file after what it found.
# Timeouts and out-of-memory inputs are recorded without stopping the run
# (a script stuck inside C is stopped only by the real runner's kill, see
# fuzz_scenario.c); a crash or a leak stops it.
BUILD=$1
t=$2
secs=${3:-60}
bin=$BUILD/fuzz/fuzz_$t
corpus=$BUILD/corpus/$t
mkdir -p "$corpus" "tests/fuzz/$t"
case $t in
scenario) extra="scenarios" ;;
theme) extra="themes" ;;
*) extra="" ;;
esac
dict=""
[ -f "tests/fuzz/$t.dict" ] && dict="-dict=tests/fuzz/$t.dict"
echo "fuzz: $t for $secs s"
# shellcheck disable=SC2086
"$bin" -fork=1 -ignore_timeouts=1 -ignore_ooms=1 -max_total_time="$secs" \
    -timeout=10 -rss_limit_mb=2048 -max_len=8192 -close_fd_mask=3 \
    -print_final_stats=1 -artifact_prefix="tests/fuzz/$t/" $dict \
    "$corpus" "tests/fuzz/$t" $extra 2>"$BUILD/fuzz-$t.log"
rc=$?
grep -E '^#[0-9]+.*(DONE|INITED)|^stat::|ERROR|crash|leak|timeout' \
    "$BUILD/fuzz-$t.log" | tail -12
[ $rc -eq 0 ] || echo "fuzz: $t stopped with status $rc (see $BUILD/fuzz-$t.log and tests/fuzz/$t/)"
exit $rc
