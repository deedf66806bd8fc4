#!/bin/sh
# momentum.sh SIM TOL M1 M2 ... - runs SIM --csv - and checks that the total
# linear momentum sum_i M_i (vx_i, vy_i) (masses in body order) stays at its
# initial value within TOL (absolute, per coordinate) after every step: the
# body-body impulses of a frictionless, force-free scene are equal and
# opposite. The run (expectations checked) must succeed. Prints the largest
# deviation.
set -u
sim=$1 tol=$2
shift 2
csv=${TMPDIR:-/tmp}/momentum.$$.csv
trap 'rm -f "$csv"' EXIT
"$sim" --csv "$csv" --quiet
rc=$?
[ $rc -eq 0 ] || { echo "the simulator failed (exit status $rc)" >&2; exit 1; }
awk -F, -v tol="$tol" -v masses="$*" '
    BEGIN { nb = split(masses, m, " ") }
    NR > 1 {
        i = ($1 == step && NR > 2) ? i + 1 : 1
        step = $1
        if (i == 1) { px = 0; py = 0 }
        px += m[i] * $7; py += m[i] * $8
        if (i == nb) {
            if (!seen) { px0 = px; py0 = py; seen = 1 }
            d = px - px0; if (d < 0) d = -d
            e = py - py0; if (e < 0) e = -e
            if (e > d) d = e
            if (d > worst) { worst = d; at = step }
            rows++
        }
    }
    END {
        printf "initial momentum (%.17g, %.17g), largest deviation %.3e (step %d) over %d steps\n",
               px0, py0, worst, at, rows - 1
        exit !(rows > 1 && worst <= tol)
    }' "$csv"
