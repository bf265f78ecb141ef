# The link model's Jobs view on a workload of several jobs (sourced by
# run.sh, with RHO and dir set): one row per job with the numbers the
# batch report's job table prints for the same scenario; sorting, find
# and Enter.

# first_row NAME REGEX: an ok/FAIL line for the table's first row (screen
# row 7) matching REGEX within 10 s.
first_row() {
    i=0
    while [ "$i" -lt 100 ]; do
        if tui_screen | sed -n 7p | grep -qE -- "$2"; then
            echo "ok - tui $1"
            return
        fi
        sleep 0.1
        i=$((i + 1))
    done
    echo "FAIL tui $1: the first row is not /$2/; the screen was:"
    tui_screen | sed 's/^/    | /'
}

# a job's row of the batch report's job table: messages, bytes, link bytes
job_nums() {
    sed -n "s/^$2 .* \\([0-9,][0-9,]*\\)  *\\([0-9.]* [KMGT]*i*B\\)  *\\([0-9.]* [KMGT]*i*B\\)  *[0-9.]* [KMGT]*i*B\$/\\1 \\2 \\3/p" "$1"
}

"$RHO" -b -m link scenarios/dragonfly-workload.lua >"$dir/wl.txt"
set -- $(job_nums "$dir/wl.txt" umesh)
umesh_msgs=$1 umesh_bytes="$2 $3" umesh_links="$4 $5"
set -- $(job_nums "$dir/wl.txt" m2m)
m2m_msgs=$1 m2m_bytes="$2 $3"
cp scenarios/dragonfly-workload.lua "$dir/wl.lua"
tui_start 120 30 "$RHO" "$dir/wl.lua"
expect jobs-start "1 Network" 20
expect jobs-tab "7 Jobs   8 Queue"
tui_keys 7
expect_re jobs-umesh-row "1 umesh +SD +3,072 +768 +$umesh_msgs +$umesh_bytes +$umesh_links "
expect_re jobs-m2m-row "4 m2m +SD +3,072 +768 +$m2m_msgs +$m2m_bytes "
expect jobs-detail "umesh: near n=3,072 6..20 within 30, 512 KiB, routing SD"
expect jobs-busiest "busiest   g38.c0.r3->g3.c2.r6 (L2) 157.3 MiB"
first_row jobs-first-umesh "^ +1 umesh "
# sort by the next column (the name), then the other way; the header's
# arrow says so (the status line's 'jobs sorted by job, ascending' can
# give way at once to a model's 'took N s' when its run ends just then)
tui_keys '>'
expect jobs-sorted "job↑"
first_row jobs-by-name "^ +4 m2m "
tui_keys '<'
expect jobs-sorted-rev "job↓"
first_row jobs-by-name-rev "^ +1 umesh "
# a click on the header of bytes sorts by it: stencil2d's 384 MiB first,
# again the other way: stencil4d's 96 GiB
tui_click 52 5
expect jobs-click-sort "bytes↑"
first_row jobs-bytes-first "^ +2 stencil2d +SD +1,536 .* 384 MiB "
tui_click 52 5
expect jobs-click-sort-rev "bytes↓"
first_row jobs-bytes-rev-first "^ +3 stencil4d .* 96 GiB "
tui_keys /
tui_type "m2m"
tui_keys Enter
expect jobs-find "found job m2m (4 of 5)"
expect jobs-find-detail "m2m: sub-a2a 4x128x6 mask 0x2, 100 KiB, routing SD"
tui_keys Enter
expect_re jobs-enter-explains "link g[0-9.cr]+->g[0-9.cr]+ \\(L2\\): [0-9.]+ MiB / "
tui_stop
