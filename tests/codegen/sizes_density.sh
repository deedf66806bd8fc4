#!/bin/sh
# sizes_density.sh NCSC WORK - sizes follow what is near, not the scene's
# extent (issue 26): a disc above the V in the middle of a row of N separate
# triangles (base 0.4, height 0.35, 0.45 apart: the same neighbourhood for
# every N) needs the same <P>_MAX_M for N = 10 and N = 10000 (a grid of
# places at most 301 a side gave 32 and 90: its spacing grew with the row;
# squares refined down to the wanted spacing keep it: plan_sizes.c,
# squares_cost), and ncsc compiles the 10000 triangles; the same for a box
# above 10 and 100 triangles.
set -u
ncsc=$1 work=$2
fail() { echo "sizes_density: $*" >&2; exit 1; }
rm -rf "$work" && mkdir -p "$work" || exit 2
cd "$work" || exit 2
# row NAME N BODY: N triangles and the body line BODY (%.3f: its x, above
# the V in the middle of the row)
row() {
    awk -v name="$1" -v n="$2" -v body="$3" 'BEGIN {
        printf "scene %s { h = 0.005; steps = 400; gravity = (0, -9.81); friction = 0.5; }\n", name
        for (i = 0; i < n; i++)
            printf "obstacle t%d polygon { outer (%.2f, 0) (%.2f, 0) (%.2f, 0.35); }\n", i, 0.45 * i, 0.45 * i + 0.4, 0.45 * i + 0.2
        printf body "\n", 0.45 * int(n / 2) - 0.025 }' >"$1.ncs"
    "$ncsc" "$1.ncs" -o "$1" 2>err.txt || fail "ncsc $1.ncs failed: $(cat err.txt)"
}
# max_m NAME: <NAME>_MAX_M of NAME/NAME.h
max_m() {
    up=$(echo "$1" | tr a-z A-Z)
    sed -n "s/^#define ${up}_MAX_M \([0-9][0-9]*\) .*/\1/p" "$1/$1.h"
}
disc='body ball disc { mass = 1; radius = 0.1; position = (%.3f, 0.6); }'
box='body box polygon { vertices (-0.1, -0.1) (0.1, -0.1) (0.1, 0.1) (-0.1, 0.1); mass = 1; position = (%.3f, 0.6); }'
row tri10 10 "$disc"
row tri10000 10000 "$disc"
m10=$(max_m tri10) m10000=$(max_m tri10000)
[ -n "$m10" ] && [ -n "$m10000" ] || fail "no MAX_M in the headers"
[ "$m10000" -eq "$m10" ] || fail "MAX_M $m10 for 10 triangles, $m10000 for 10000 (expected equal)"
# a box (0.2 m) above 10 and 100 triangles: its grid of poses (121
# positions a side) is refined in cells of poses (pose_cell); before: 108
# and 553
row box10 10 "$box"
row box100 100 "$box"
b10=$(max_m box10) b100=$(max_m box100)
[ -n "$b10" ] && [ -n "$b100" ] || fail "no MAX_M in the box headers"
[ "$b100" -eq "$b10" ] || fail "a box: MAX_M $b10 above 10 triangles, $b100 above 100 (expected equal)"
echo "sizes_density: MAX_M $m10 for a disc above 10 and 10000 triangles, $b10 for a box above 10 and 100"
