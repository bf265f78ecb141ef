# The check of a command-line suite, sourced by tests/cli/run.sh,
# tests/cli/batch2.sh and tests/tui/lessons2.sh (which set RHO, out, err
# and T_SUITE, the name its lines carry).
#
# t NAME WANT_EXIT PATTERN_IN_STDOUT|- PATTERN_IN_STDERR|- -- ARGS...:
# run rho with ARGS and print an ok/FAIL line for its exit status and
# what it printed (fixed strings, anywhere in the output).
t() {
    name=$1 want=$2 pout=$3 perr=$4
    shift 5
    "$RHO" "$@" >"$out" 2>"$err"
    rc=$?
    if [ "$rc" != "$want" ]; then
        echo "FAIL $T_SUITE $name: exit $rc, want $want: $(head -2 "$err")"
    elif [ "$pout" != "-" ] && ! grep -qF -- "$pout" "$out"; then
        echo "FAIL $T_SUITE $name: stdout lacks '$pout'"
    elif [ "$perr" != "-" ] && ! grep -qF -- "$perr" "$err"; then
        echo "FAIL $T_SUITE $name: stderr lacks '$perr' (got: $(head -1 "$err"))"
    else
        echo "ok - $T_SUITE $name"
    fi
}
