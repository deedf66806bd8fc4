#!/bin/sh
# joints.sh SIM HALFWIDTH TOL J1 J2 ...
# Runs SIM --csv - and follows its first body (a box of half width
# HALFWIDTH sliding right over collinear tiles): for every joint Jk it finds
# the step before the box's front reaches Jk and the step after its back
# has left it, and reports the speed |(vx, vy)| lost between the two. Passes
# when the run solved every step, the box crossed every joint completely and
# lost at most TOL at each.
set -eu
sim=$1 hw=$2 tol=$3
shift 3
csv=${TMPDIR:-/tmp}/joints.$$
trap 'rm -f "$csv"' EXIT
"$sim" --csv - --quiet >"$csv" || { echo "run failed" >&2; exit 1; }
awk -F, -v hw="$hw" -v tol="$tol" -v joints="$*" '
    NR == 2 { b = $3 }
    NR > 1 && $3 == b { n++; x[n] = $4; v[n] = sqrt($7 * $7 + $8 * $8) }
    END {
        nj = split(joints, J, " ")
        bad = 0
        for (k = 1; k <= nj; k++) {
            s0 = 0; s1 = 0
            for (i = 1; i <= n; i++) {
                if (x[i] + hw < J[k]) s0 = i
                if (!s1 && x[i] - hw > J[k]) s1 = i
            }
            if (!s0 || !s1) {
                printf "joint %g: not crossed (steps %d..%d)\n", J[k], s0 - 1, s1 - 1
                bad = 1
                continue
            }
            loss = v[s0] - v[s1]
            printf "joint %g: steps %d..%d, speed %.12g -> %.12g, lost %.3g\n", J[k], s0 - 1, s1 - 1, v[s0], v[s1], loss
            if (loss > tol) bad = 1
        }
        exit bad
    }' "$csv"
