#!/bin/sh
# end_in.sh SIM TOL "X Y" ["X Y"...]
# Runs SIM --csv - and passes when the final position of its (single) body
# is within TOL of one of the listed points.
set -eu
sim=$1 tol=$2
shift 2
last=$("$sim" --csv - --quiet | tail -n 1)
x=$(echo "$last" | cut -d, -f4)
y=$(echo "$last" | cut -d, -f5)
for p in "$@"; do
    if awk -v x="$x" -v y="$y" -v p="$p" -v t="$tol" 'BEGIN {
        split(p, a, " "); dx = x - a[1]; dy = y - a[2];
        exit !((dx < 0 ? -dx : dx) <= t && (dy < 0 ? -dy : dy) <= t) }'; then
        echo "ends at ($x, $y), one of the valid end positions"
        exit 0
    fi
done
echo "ends at ($x, $y): not one of: $*" >&2
exit 1
