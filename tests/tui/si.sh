# SI routes every packet: picking it where that takes long says so at
# once in the status line, and the run goes on until Esc (sourced by
# run.sh, with RHO and dir set); on a small scenario it says nothing
# more. Batch writes the note on stderr before the run. Workload 1 on 40
# groups under SI: minutes (the estimate, a few ms, is all these wait for).

# (a copy per run: the edits a stopped rho keeps for its file would come
# back in the next, over the status line)
cp scenarios/dragonfly-workload.lua "$dir/wsi.lua"
cp scenarios/dragonfly-workload.lua "$dir/wsi2.lua"
cp scenarios/dragonfly-small.lua "$dir/small.lua"
tui_start 140 30 "$RHO" "$dir/wsi.lua"
expect si-start "routing SD" 30
if tui_gone "computing" 120; then
    echo "ok - tui si-first-result"
else
    echo "FAIL tui si-first-result: still computing"
    tui_screen | sed 's/^/    | /'
fi
# R from SD is SI: the warning at once, while the run computes (and it
# stays when the queueing model's time comes in)
tui_keys R
expect_re si-warning "SI routes every packet: about [0-9.]+ (s|min|h|days) on this scenario; Esc stops it" 10
expect si-computes "old: SD's numbers; computing SI" 10
tui_keys Escape
expect si-stopped "SI was stopped (Esc)" 10
# :routing SI after another routing says it again
tui_keys : C-u
tui_type "routing AD"
tui_keys Enter
expect si-other "routing AD" 10
tui_keys : C-u
tui_type "routing SI"
tui_keys Enter
expect_re si-warning-command "SI routes every packet: about [0-9.]+ (s|min|h|days) on this scenario; Esc stops it" 10
tui_keys Escape
tui_stop

# started under SI (-p routing=SI): the first status line says it
tui_start 140 30 "$RHO" -p routing=SI "$dir/wsi2.lua"
expect_re si-warning-start "SI routes every packet: about [0-9.]+ (s|min|h|days) on this scenario; Esc stops it" 30
tui_keys Escape
tui_stop

# a small dragonfly: SI takes well under 10 s, no warning
tui_start 140 30 "$RHO" -p routing=SD "$dir/small.lua"
expect si-small-start "routing SD" 30
tui_keys R
expect si-small-status "routing SI" 10
expect_not si-small-no-warning "SI routes every packet"
tui_stop

# batch: the note on stderr before the run (stopped once it is there)
"$RHO" -b -q -m link -p routing=SI "$dir/wsi.lua" >/dev/null 2>"$dir/si.err" &
si_pid=$!
i=0
while [ "$i" -lt 600 ] && ! grep -q "note: SI" "$dir/si.err"; do
    sleep 0.1
    i=$((i + 1))
done
kill "$si_pid" 2>/dev/null
wait "$si_pid" 2>/dev/null
if grep -qE "^rho: $dir/wsi.lua: note: SI routes every packet: about [0-9.]+ (s|min|h|days) on this scenario \(Ctrl-C stops it\)$" "$dir/si.err"; then
    echo "ok - tui si-batch-note"
else
    echo "FAIL tui si-batch-note: stderr was:"
    sed 's/^/    | /' "$dir/si.err"
fi
"$RHO" -b -q -m link -p routing=SI "$dir/small.lua" >/dev/null 2>"$dir/si.err"
if [ -s "$dir/si.err" ]; then
    echo "FAIL tui si-batch-small-quiet: stderr was:"
    sed 's/^/    | /' "$dir/si.err"
else
    echo "ok - tui si-batch-small-quiet"
fi
