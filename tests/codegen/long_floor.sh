#!/bin/sh
# long_floor.sh NCSC WORK - the local scale counts a piece by its width,
# not its length (plan.c, local_scale; docs/engine.md): a box resting on a
# floor 1 m thick meets the same LCP (rows per step) whether the floor is
# 20 m or 2000 m long, and so does each of 100 boxes 2 m apart on the long
# floor. When the floor's length set the scale, the 2000 m floor gave
# margins of 2 m, kept the floor's far sides and met 40 rows where the
# short floor met 2.
set -u
ncsc=$1 work=$2
fail() { echo "long_floor: $*" >&2; exit 1; }
rm -rf "$work" && mkdir -p "$work" || exit 2
cd "$work" || exit 2
scene() { # NAME LENGTH BOXES (more than one: capacity 8 pairs per island,
          # as the island bound of bodies that may all meet is not held)
    awk -v name="$1" -v len="$2" -v n="$3" 'BEGIN {
        printf "scene %s { h = 0.01; steps = 50; gravity = (0, -10);%s }\n", name,
               (n > 1 ? " capacity = 8;" : "")
        printf "obstacle floor polygon { outer (-10, -1) (%d, -1) (%d, 0) (-10, 0); }\n", len, len
        for (i = 0; i < n; i++)
            printf "body b%d polygon { vertices (-0.25, -0.25) (0.25, -0.25) (0.25, 0.25) " \
                   "(-0.25, 0.25); mass = 1; position = (%d, 0.25); }\n", i, 2 * i
        printf "expect every step solved;\n" }' >"$1.ncs"
}
# rows of each box's LCP at the last step (CSV column 12), one line per box
rows() {
    "$ncsc" run "$1.ncs" --csv "$1.csv" >out.txt 2>err.txt || fail "ncsc run $1.ncs failed: $(cat err.txt)"
    awk -F, 'NR > 1 && $1 == 50 { if ($10 != "solved") bad = 1; print $12 }
             END { exit bad }' "$1.csv" | sort -u || fail "$1: a box not solved at step 50"
}
scene floor10 10 1
scene floor2000 2000 1
scene boxes100 2000 100
short=$(rows floor10) long=$(rows floor2000) many=$(rows boxes100)
[ -n "$short" ] && [ "$short" -gt 0 ] || fail "short floor: no LCP rows at step 50 ('$short')"
[ "$long" = "$short" ] || fail "a box on a 2000 m floor meets $long rows, on a 10 m floor $short"
[ "$many" = "$short" ] || fail "100 boxes on a 2000 m floor meet $(echo $many) rows each, one box on a 10 m floor $short"
echo "long_floor: $short rows per box on floors of 10 and 2000 m, and for each of 100 boxes"
