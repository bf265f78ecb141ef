# The status line (sourced by run.sh, with RHO and dir set): a run that
# finishes says so ("link model: 0.61 s"), but not over the message of a
# key a moment before (it waits 1.5 s, or for the next key) and never
# over an error.

# until no run computes (the title bar's right end)
tui_wait_gone_computing() {
    tui_gone "computing" 60
}

# the status row: the second last of the screen
status_row() {
    tui_screen | tail -2 | head -1
}

# 21. 200 dragonfly groups of UMesh: each run takes about half a second
# (the link model first, then the queueing model: one at a time)
cat >"$dir/df200.lua" <<'LUA'
return rho.scenario {
  title = "UMesh on 200 groups",
  topology = rho.dragonfly { groups = 200, chassis = 6, routers = 16, nodes = 4, cores = 24 },
  routing = "SD", placement = "linear", seed = 1,
  traffic = rho.pattern.umesh { size = "512 KiB" },
}
LUA
tui_start 120 30 "$RHO" "$dir/df200.lua"
expect status-start "1 Network" 20
expect_re status-first-run "^ (link|queueing) model: [0-9.]+ s" 30
tui_wait_gone_computing
tui_keys :
tui_type "seed 2"
tui_keys Enter
i=0
while [ "$i" -lt 100 ]; do # until rho took the key
    case $(status_row) in
    *"seed 2"*) break ;;
    esac
    sleep 0.02
    i=$((i + 1))
done
t0=$(date +%s.%N)
i=0
while [ "$i" -lt 200 ]; do
    case $(status_row) in
    *"seed 2"*) ;;
    *) break ;;
    esac
    sleep 0.05
    i=$((i + 1))
done
t1=$(date +%s.%N)
held=$(echo "$t0 $t1" | awk '{ printf "%.2f", $2 - $1 }')
if echo "$held" | awk '{ exit !($1 >= 1.4) }'; then
    echo "ok - tui status-key-message-held ($held s)"
else
    echo "FAIL tui status-key-message-held: :seed's message gone after $held s:"
    tui_screen | sed 's/^/    | /'
fi
expect_re status-routine-after "^ (link|queueing) model: [0-9.]+ s" 30
# an error stays over a run that finishes after it
tui_wait_gone_computing
tui_keys :
tui_type "seed 3"
tui_keys Enter
tui_keys :
tui_type "nosuch"
tui_keys Enter
expect status-error "unknown command 'nosuch'"
tui_wait_gone_computing
sleep 2
expect status-error-stays "unknown command 'nosuch'" 1
tui_stop
