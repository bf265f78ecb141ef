# What the screen draws at the edges of its room (sourced by run.sh, with
# RHO and dir set): a field, a hint or a message that does not fit whole
# is dropped or ends in "…", never cut in the middle of a word; a list
# moves by the motion asked; a view taller than the screen scrolls.

# (each start on a copy of its own: the edits an earlier suite's stopped
# rho kept for a shipped file would come back here, over the screen)
draw_copy() {
    _dc="$dir/draw-$1-$(basename "$2")"
    cp "$2" "$_dc"
    echo "$_dc"
}

# the hint bar, the last row of the screen
hints_row() {
    tui_screen | tail -1
}

# expect_hints NAME REGEX: an ok/FAIL line for the hint bar matching REGEX
expect_hints() {
    if tui_wait_re "$2" 5 && hints_row | grep -qE -- "$2"; then
        echo "ok - tui $1"
    else
        echo "FAIL tui $1: the hints /$2/ not the last row; it was:"
        hints_row | sed 's/^/    | /'
    fi
}

# Compare mode, Links view: each change ends in the word up or down,
# whole (the placement RDR moves bytes off most links: they go down)
tui_start 120 40 "$RHO" "$(draw_copy 1 scenarios/dragonfly-small.lua)"
expect draw-links-start "routing AD" 20
tui_keys 2
tui_gone "computing" 60
tui_keys R
expect draw-links-routing "routing AI" 20
tui_gone "computing" 60
tui_keys c
expect draw-links-compare "compare routing AD -> AI" 20
tui_keys P
expect draw-links-placement "compare placement RDN -> RDR" 20
expect_re draw-links-down "^ +[0-9]+  g[0-9.cr]+->g[0-9.cr]+ +L[12][a-z-]* +[0-9.]+ [KM]iB +[0-9.]+ [KM]iB +-[0-9.]+ [KM]iB down\$"
tui_stop

# Search view: PgDn, End and G go to the last row (the baseline), PgUp,
# Home and g to the first (the fastest); Enter opens the selected one
tui_start 100 30 "$RHO" "$(draw_copy 2 scenarios/hol.lua)"
expect draw-search-start "Head-of-line blocking"
tui_keys a
tui_type "a0 b1 50 MiB"
tui_keys Enter
expect draw-search-add "flow 6 added: a0 -> b1"
tui_keys a
tui_type "a1 b2 50 MiB"
tui_keys Enter
expect draw-search-add2 "flow 7 added: a1 -> b2"
tui_keys 8
expect draw-search-space "the schedule search tries 4 schedules"
tui_keys S
expect draw-search-done "4 schedules in" 20
tui_keys PageDown Enter
expect draw-search-pgdn "opened the baseline schedule"
tui_keys Down Down PageUp Enter
expect draw-search-pgup "opened the fastest schedule"
tui_keys Up Up Up G Enter
expect draw-search-end "opened the baseline schedule"
tui_keys Down g Enter
expect draw-search-home "opened the fastest schedule"
tui_stop

# the key hints: one that does not fit whole is left out
tui_start 66 20 "$RHO" "$(draw_copy 3 scenarios/table1.lua)"
expect draw-hints66-start "Table I"
expect_hints draw-hints-66 "^ F1 Help .* u Undo *\$"
tui_resize 74 20
expect_hints draw-hints-74 "^ F1 Help .* s Save *\$"
tui_stop
tui_start 60 16 "$RHO" "$(draw_copy 4 scenarios/queue-gups.lua)"
expect draw-hints60-start "GUPS"
expect_hints draw-hints-queue-60 "^ F1 Help .* u Undo *\$"
tui_stop

# the status line: a message too long for it ends in "…"
tui_start 100 30 "$RHO" "$(draw_copy 5 scenarios/table1.lua)"
expect draw-status-start "Table I"
tui_keys :
tui_type "bogus"
tui_keys Enter
expect_re draw-status-ellipsis "^ unknown command 'bogus' \(try tau, .*…\$"
tui_stop

# the Teach view at 120 columns, both panels: the stepper's header ends
# with a whole word and "…", its hint is one that fits whole
tui_start 120 40 "$RHO" "$(draw_copy 6 scenarios/table1.lua)"
expect draw-teach-start "Table I"
tui_keys 9
expect draw-teach-both "│ Algorithm 1  time step 1/2  frame 1/11"
expect_re draw-teach-header "frame 1/11  A: source( arbitration *|…)\$"
expect_re draw-teach-hint " D9 +Space/B(ackspace|ksp): a rule( +\[ \]: a time step)? *\$"
tui_stop

# the Stats view on a small screen: the histogram scrolls, as the Heat
# view does, and says where the window is
tui_start 60 16 "$RHO" "$(draw_copy 7 scenarios/table1.lua)"
expect draw-stats-start "Table I"
tui_keys 7
expect draw-stats-view "histogram of link loads"
expect_re draw-stats-where "lines 1-[0-9]+ of [0-9]+ \(j/k, PgDn\)"
tui_keys PageDown
expect draw-stats-pgdn "0.9-1.0"
tui_keys g
expect draw-stats-top "link loads in time step 1"
tui_keys G
expect draw-stats-end "0.9-1.0"
tui_stop

# help at 60x16, last page: the border keeps its corner, and the footer
# offers no "more" (it overwrote the corner and said "more" at the end)
tui_start 60 16 "$RHO" "$(draw_copy 8 scenarios/torus-5x5.lua)"
expect draw-help-start "5x5 torus"
tui_keys '?' G
expect_re draw-help-last "└─+ lines [0-9]+-([0-9]+) of \1  PgUp back ─┘"
tui_stop

# the Queue view at 60x16: the optimal split's sentence and the keys are
# whole, never cut in a word (it read "saturat" and "up/down le")
tui_start 60 16 "$RHO" "$(draw_copy 9 scenarios/queue-fattree-4ary4.lua)"
expect draw-queue-start "4-ary 4-tree"
tui_keys 7
expect draw-queue-view "arrivals/capacity"
tui_keys o
expect_re draw-queue-optimal "^  (saturation|every level at) "
expect_re draw-queue-keys "^\+/- load  </> slim  x split  D delay  o optimise *\$"
tui_stop
