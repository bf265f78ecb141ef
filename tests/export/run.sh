#!/bin/sh
# Exports (--export): text is what --dump prints, ANSI carries the theme's
# colours at the depth asked for, and an SVG is checked the way a person
# sees it -- rendered by a real SVG renderer (rsvg-convert, Debian's
# librsvg2-bin) into a PNG whose pixels tests/export/pngprobe.c reads:
# the colour of cells whose role is known, text drawn in them, box lines
# that join, bars in the heat colour, the theme's background.
BUILD=${1:-build}
RHO=$BUILD/rho
PROBE=$BUILD/tools/pngprobe
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

ok() { echo "ok - export $1"; }
no() { echo "FAIL export $1"; }
check() { # check NAME GOT WANT
    if [ "$2" = "$3" ]; then ok "$1"; else no "$1: got '$2', want '$3'"; fi
}
atleast() { # atleast NAME GOT MIN
    if [ "$2" -ge "$3" ] 2>/dev/null; then ok "$1"; else no "$1: got '$2', want at least $3"; fi
}
# the pixel at the centre of cell (X, Y) of a 10 x 20 grid
cell() { "$PROBE" "$1" at $(($2 * 10 + 5)) $(($3 * 20 + 10)); }
# pixels of a colour in the cells X..X+N-1 of row Y
count() { "$PROBE" "$1" count $(($2 * 10)) $(($3 * 20)) $(($4 * 10)) 20 "$5" 24; }

# 1. text is --dump's text, in every scenario family
for args in "100x30:tree scenarios/table1.lua" "100x30:map scenarios/torus-5x5.lua" \
            "90x24:stepper -U scenarios/hol.lua"; do
    # shellcheck disable=SC2086
    "$RHO" --export text $args >"$dir/e.txt" 2>&1
    # shellcheck disable=SC2086
    "$RHO" --dump $args >"$dir/d.txt" 2>&1
    if cmp -s "$dir/e.txt" "$dir/d.txt"; then ok "text-is-dump $args"; else no "text-is-dump $args"; fi
done

# 2. ANSI: the theme's colours as SGR sequences, at each depth
esc=$(printf '\033')
"$RHO" --export ansi 100x30:tree scenarios/table1.lua >"$dir/a.ans"
grep -q "${esc}\[0;1;38;5;15;48;5;24m rho  Table I" "$dir/a.ans" && ok ansi-256-title || no ansi-256-title
grep -q "${esc}\[0;38;5;142m███" "$dir/a.ans" && ok ansi-256-heat-bar || no ansi-256-heat-bar
check ansi-rows "$(wc -l <"$dir/a.ans")" 30
"$RHO" --export ansi16 100x30:tree scenarios/table1.lua >"$dir/a16.ans"
if grep -q '38;5' "$dir/a16.ans"; then no ansi16-no-256; else ok ansi16-no-256; fi
# as the TUI degrades it: 15 on 24 -> bright white on the nearest of 16
grep -q "${esc}\[0;1;97;100m rho" "$dir/a16.ans" && ok ansi16-title || no ansi16-title
"$RHO" --export ansi8 100x30:tree scenarios/table1.lua >"$dir/a8.ans"
if grep -qE '(38|48);5|\[9[0-7]|;10[0-7]' "$dir/a8.ans"; then no ansi8-eight; else ok ansi8-eight; fi
"$RHO" --export ansi24 100x30:tree scenarios/table1.lua >"$dir/a24.ans"
grep -q "48;2;0;95;135m rho" "$dir/a24.ans" && ok ansi24-rgb || no ansi24-rgb
NO_COLOR=1 "$RHO" --export ansi 100x30:tree scenarios/table1.lua >"$dir/an.ans"
if grep -qE '3[0-8];|4[0-8];' "$dir/an.ans"; then no ansi-no-color; else ok ansi-no-color; fi
grep -q "${esc}\[0;1;7m rho" "$dir/an.ans" && ok ansi-no-color-reverse || no ansi-no-color-reverse
# the text under the escapes is the dump's
sed "s/${esc}\[[0-9;]*m//g" "$dir/a.ans" >"$dir/a.txt"
"$RHO" --dump 100x30:tree scenarios/table1.lua | sed 's/ *$//' >"$dir/d.txt"
sed 's/ *$//' "$dir/a.txt" >"$dir/a2.txt"
if cmp -s "$dir/a2.txt" "$dir/d.txt"; then ok ansi-text; else no ansi-text; fi

# 3. SVG, rendered
if ! command -v rsvg-convert >/dev/null 2>&1; then
    no "svg: rsvg-convert is not installed (make installs librsvg2-bin)"
    exit 0
fi
svg() { # svg NAME ARGS...: export, render; fails the test when either fails
    name=$1
    shift
    if "$RHO" --export svg "$@" >"$dir/$name.svg" 2>"$dir/err" &&
        rsvg-convert -o "$dir/$name.png" "$dir/$name.svg" 2>>"$dir/err"; then
        ok "svg-renders $name"
    else
        no "svg-renders $name: $(head -2 "$dir/err")"
    fi
}
svg tree 100x30:tree scenarios/table1.lua
check svg-size "$("$PROBE" "$dir/tree.png" size)" "1000 600"
check svg-title-bar "$(cell "$dir/tree.png" 60 0)" "#005f87"      # title: 15 on 24
atleast svg-title-text "$(count "$dir/tree.png" 1 0 3 '#ffffff')" 20  # "rho" drawn
check svg-tab-active "$(cell "$dir/tree.png" 0 1)" "#00afff"      # tab.active bg 39
check svg-background "$(cell "$dir/tree.png" 50 25)" "#1c1c1c"
check svg-selected-row "$(cell "$dir/tree.png" 20 4)" "#00afff"   # RC, selected
# K0's uplink carries 0.60: a bar in heat.5 (142) over its cells
check svg-heat-bar "$(cell "$dir/tree.png" 32 6)" "#afaf00"
atleast svg-heat-text "$(count "$dir/tree.png" 45 6 4 '#afaf00')" 20  # "0.60"
# box-drawing guides are lines that join: ├ at (1,5) has its arms
check svg-guide-centre "$(cell "$dir/tree.png" 1 5)" "#585858"
check svg-guide-up "$("$PROBE" "$dir/tree.png" at 15 101)" "#585858"
check svg-guide-down "$("$PROBE" "$dir/tree.png" at 15 119)" "#585858"
check svg-guide-right "$("$PROBE" "$dir/tree.png" at 29 110)" "#585858"
check svg-guide-no-left "$("$PROBE" "$dir/tree.png" at 11 110)" "#1c1c1c"
# the key hints: keyhint bg 39 behind "F1", keyhint.text bg 236
check svg-hint-key "$(cell "$dir/tree.png" 0 29)" "#00afff"
check svg-hint-text "$(cell "$dir/tree.png" 8 29)" "#303030"

# the stepper at D8: the factor the frame changed in step.changed (214)
svg d8 100x30:stepper --frame D8 scenarios/table1.lua
atleast svg-step-changed "$(count "$dir/d8.png" 41 11 6 '#ffaf00')" 30
# text is one <text> per word, each letter at its cell
grep -q '<text x="10 20 30 40" y="135" fill="#ffffff" font-weight="bold">Step</text>' "$dir/d8.svg" && ok svg-d8-step || no svg-d8-step
grep -q '>head-of-line<' "$dir/d8.svg" && ok svg-d8-text || no svg-d8-text

# a light theme: white paper, dark text
svg light 100x30:tree --theme light scenarios/table1.lua
check svg-light-background "$(cell "$dir/light.png" 50 25)" "#ffffff"
atleast svg-light-text "$(count "$dir/light.png" 1 4 2 '#000000')" 10  # "RC" on 153
# no colour: the roles' monochrome attributes (the title bar reversed)
svg mono 100x30:tree -C scenarios/table1.lua
check svg-mono-title "$(cell "$dir/mono.png" 60 0)" "#d0d0d0"
check svg-mono-background "$(cell "$dir/mono.png" 50 25)" "#1c1c1c"
# a network and a projector-sized screen
svg torus 200x60:map scenarios/torus-5x5.lua
check svg-big-size "$("$PROBE" "$dir/torus.png" size)" "2000 1200"
svg ascii 100x30:tree -U scenarios/hol.lua
if grep -q '<path' "$dir/ascii.svg" && ! grep -q '[├│└]' "$dir/ascii.svg"; then ok svg-ascii; else no svg-ascii; fi
# XML specials in a title are escaped
printf 'return rho.scenario { title = "a < b & \\"c\\"", topology = rho.t2(), flows = { { "0", "4", size = "1 MiB" } } }\n' >"$dir/x.lua"
svg escape 100x30:tree "$dir/x.lua"
grep -q '<title>rho: a &lt; b &amp; &quot;c&quot; (Tree)</title>' "$dir/escape.svg" && ok svg-escape || no svg-escape
# a long title is whole, its last character too, and the view's name after
# it (the title was cut at 256 bytes, mid-character)
printf '%s\n' 'return rho.scenario { title = string.rep("\195\169", 200) .. "Z", topology = rho.t2(), flows = { { "0", "4", size = "1 MiB" } } }' >"$dir/long.lua"
svg long 100x30:tree "$dir/long.lua"
grep -q 'éZ (Tree)</title>' "$dir/long.svg" && ok svg-long-title || no svg-long-title

# 4. every frame of a time step as numbered files
"$RHO" --export svg 100x30:stepper --frames "$dir/f" scenarios/table1.lua >"$dir/list" 2>"$dir/err"
check frames-count "$(wc -l <"$dir/list")" 11
check frames-first "$(head -1 "$dir/list")" "$dir/f-01.svg"
grep -q '>Sending:<' "$dir/f-01.svg" && ok frames-a || no frames-a
grep -q '>D(9):<' "$dir/f-11.svg" && ok frames-d9 || no frames-d9
rsvg-convert -o "$dir/f11.png" "$dir/f-11.svg" && ok frames-render || no frames-render
"$RHO" --export text 100x30:stepper --frames "$dir/t" --at 40ms scenarios/table1.lua >"$dir/list" 2>"$dir/err"
check frames-text-step2 "$(sed -n 's/.*\(time step [0-9]*: frame [0-9]* of [0-9]*\).*/\1/p' "$dir/t-01.txt")" "time step 2: frame 1 of $(wc -l <"$dir/list" | tr -d ' ')"

# 5. errors
"$RHO" --export pdf 100x30:tree scenarios/table1.lua >/dev/null 2>"$dir/err"
check bad-format "$?:$(head -1 "$dir/err")" "2:rho: --export: unknown export format 'pdf' (expected text, ansi, ansi8, ansi16, ansi256, ansi24 or svg)"
"$RHO" --export svg scenarios/table1.lua >/dev/null 2>"$dir/err"
check bad-geometry "$?:$(head -1 "$dir/err")" "2:rho: --export expects WxH:VIEW such as 100x30:tree, got 'scenarios/table1.lua'"
"$RHO" --export svg 100x30:stepper --frame 99 scenarios/table1.lua >/dev/null 2>"$dir/err"
check bad-frame "$?:$(head -1 "$dir/err")" "2:rho: scenarios/table1.lua: --frame: frame 99: time step has 11 frames"
"$RHO" --export svg 100x30:tree --frame 2 scenarios/table1.lua >/dev/null 2>"$dir/err"
check frame-no-frames "$?:$(head -1 "$dir/err")" "2:rho: scenarios/table1.lua: --frame: the tree view has no frames (the stepper has)"
"$RHO" --export svg 100x30:stepper --frames "$dir/f" --readonly scenarios/table1.lua >/dev/null 2>"$dir/err"
check frames-readonly "$?" 2
"$RHO" --export svg 100x30:map --frames "$dir/n" scenarios/torus-5x5.lua >/dev/null 2>"$dir/err"
check frames-network "$?:$(head -1 "$dir/err")" "2:rho: scenarios/torus-5x5.lua: --frames: the map view has no frames here (the stepper has, on a PCIe time step where flows send)"
# a theme that cannot be read is never fatal (rho-theme(5)): said, and the
# default's colours drawn
"$RHO" --export svg 100x30:tree --theme nosuch scenarios/table1.lua >"$dir/bad.svg" 2>"$dir/err"
check bad-theme "$?:$(cut -c1-32 "$dir/err")" "0:rho: --theme: theme 'nosuch' not"
"$RHO" --export svg 100x30:tree scenarios/table1.lua >"$dir/def.svg" 2>/dev/null
if cmp -s "$dir/bad.svg" "$dir/def.svg"; then ok bad-theme-default; else no bad-theme-default; fi

# 6. the README's tour is what rho exports now (make tour writes it)
sh doc/tour.sh "$BUILD" --check
