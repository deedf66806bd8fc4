#!/bin/sh
# rest_no_pivots.sh TRUST_RUN SCENE FORMULATION FROM WORK - a resting pile
# costs no pivot: SCENE runs under FORMULATION (every step solved, its
# expectations met), and no step after step FROM made a Lemke pivot
# (column `pivots` of the CSV, per body: its island's). Each step's LCP
# starts from the previous step's impulses by contact (world_register.c),
# so a pile at rest is solved by one re-solve of last step's support.
set -u
run=$1 scene=$2 form=$3 from=$4 work=$5
rm -rf "$work" && mkdir -p "$work" || exit 2
"$run" "$scene" --formulation "$form" --csv "$work/run.csv" --quiet --check >"$work/out.txt" 2>&1 || {
    echo "rest_no_pivots: $scene/$form: trust_run failed: $(tail -3 "$work/out.txt")" >&2
    exit 1
}
# step,t,body,x,y,theta,vx,vy,omega,status,pivots,...
awk -F, -v from="$from" -v name="$scene/$form" '
    NR == 1 { if ($11 != "pivots") { print "rest_no_pivots: column 11 is " $11 > "/dev/stderr"; bad = 2 } next }
    { rows++ }
    $1 > from && $11 > 0 { n++; if (!first) first = $1 }
    END {
        if (bad) exit bad
        if (rows == 0) { print "rest_no_pivots: " name ": no rows" > "/dev/stderr"; exit 1 }
        if (n > 0) { printf "rest_no_pivots: %s: %d body rows after step %d pivoted, the first at step %d\n", name, n, from, first > "/dev/stderr"; exit 1 }
        printf "rest_no_pivots: %s: no pivot after step %d (%d rows)\n", name, from, rows
    }' "$work/run.csv" || exit 1
rm -rf "$work"
