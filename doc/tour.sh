#!/bin/sh
# The README's tour: screens captured with `rho --export`, so that they
# are the program's own output and never drift from it.
#
#   sh doc/tour.sh BUILD            write doc/tour/NAME.svg for every line
#                                   of doc/tour/list, and the text screens
#                                   into README.md between the markers
#                                   <!-- tour: NAME --> and <!-- /tour -->
#   sh doc/tour.sh BUILD --check    compare instead: "ok - tour NAME" or
#                                   "FAIL tour NAME ..." (tests/export runs it)
#
# doc/tour/list: NAME FORMAT ARGS... (FORMAT svg or text; `make tour`
# regenerates after a reviewed change of the screens).
BUILD=${1:-build}
RHO=$BUILD/rho
check=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

grep -v '^#' doc/tour/list | while read -r name fmt args; do
    [ -n "$name" ] || continue
    ext=$([ "$fmt" = svg ] && echo svg || echo txt)
    # shellcheck disable=SC2086
    if ! "$RHO" --export "$fmt" $args >"$tmp/$name.$ext" 2>"$tmp/err"; then
        echo "FAIL tour $name: rho --export $fmt $args: $(head -1 "$tmp/err")"
        continue
    fi
    if [ "$ext" = svg ]; then
        if [ "$check" = --check ]; then
            if cmp -s "$tmp/$name.svg" "doc/tour/$name.svg"; then
                echo "ok - tour $name"
            else
                echo "FAIL tour $name: doc/tour/$name.svg is not what rho exports now (make tour)"
            fi
        else
            cp "$tmp/$name.svg" "doc/tour/$name.svg"
            echo "ok - tour $name (written)"
        fi
    fi
done

# text screens into the README, between their markers
awk -v dir="$tmp" '
    /^<!-- tour: [a-z0-9-]* -->$/ {
        print; name = $3; file = dir "/" name ".txt"
        print "```text"
        while ((getline line < file) > 0) print line
        close(file)
        print "```"
        skip = 1; next
    }
    /^<!-- \/tour -->$/ { skip = 0 }
    !skip { print }
' README.md >"$tmp/README.md"
if [ "$check" = --check ]; then
    if cmp -s "$tmp/README.md" README.md; then
        echo "ok - tour README.md"
    else
        echo "FAIL tour README.md: its screens are not what rho exports now (make tour):"
        diff README.md "$tmp/README.md" | head -10 | sed 's/^/    /'
    fi
else
    cp "$tmp/README.md" README.md
    echo "ok - tour README.md (written)"
fi
