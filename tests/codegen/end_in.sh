#!/bin/sh
# end_in.sh [--no-check] SIM TOL "X Y" ["X Y"...]
# Runs SIM --csv (its expectations checked, unless --no-check: a scene run
# under a formulation its expectations were not written for), which must
# succeed (every step solved), and passes when the final position of its
# (single) body is within TOL of one of the listed points.
set -u
opt=
[ "$1" = --no-check ] && { opt=--no-check; shift; }
sim=$1 tol=$2
shift 2
csv=${TMPDIR:-/tmp}/end_in.$$.csv
trap 'rm -f "$csv"' EXIT
"$sim" --csv "$csv" --quiet $opt
rc=$?
[ $rc -eq 0 ] || { echo "the simulator failed (exit status $rc)" >&2; exit 1; }
last=$(tail -n 1 "$csv")
case $last in [0-9]*) ;; *) echo "no step row in the CSV" >&2; exit 1 ;; esac
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
