#!/bin/sh
# final.sh SIM CONDITION
# Runs SIM --csv - and evaluates the awk CONDITION on its first body, with
# these variables: x y theta vx vy omega (after the last step), ymin ymax
# (over the run), vymax (largest |vy|), thmax (largest |theta|), drop (the
# largest loss of vx between two consecutive steps) and steps. Prints them
# and passes when CONDITION holds (a run that fails a step fails; the
# scene's expectations are not checked: CONDITION is the check).
set -eu
sim=$1 cond=$2
"$sim" --csv - --quiet --no-check >"${TMPDIR:-/tmp}/final.$$" || { rm -f "${TMPDIR:-/tmp}/final.$$"; echo "run failed" >&2; exit 1; }
rc=0
awk -F, '
    NR == 2 { b = $3; ymin = $5; ymax = $5 }
    NR > 1 && $3 == b {
        if (seen && prev - $7 > drop) drop = prev - $7
        prev = $7; seen = 1
        x = $4; y = $5; theta = $6; vx = $7; vy = $8; omega = $9; steps = $1
        if ($5 < ymin) ymin = $5
        if ($5 > ymax) ymax = $5
        if ($8 > vymax) vymax = $8
        if (-$8 > vymax) vymax = -$8
        if ($6 > thmax) thmax = $6
        if (-$6 > thmax) thmax = -$6
    }
    END {
        printf "steps %d x %.9g y %.9g theta %.9g vx %.9g vy %.9g omega %.9g ymin %.9g ymax %.9g vymax %.9g thmax %.9g drop %.9g\n",
               steps, x, y, theta, vx, vy, omega, ymin, ymax, vymax, thmax, drop
        exit !('"$cond"')
    }' "${TMPDIR:-/tmp}/final.$$" || rc=$?
rm -f "${TMPDIR:-/tmp}/final.$$"
[ "$rc" -eq 0 ] || echo "condition failed: $cond" >&2
exit "$rc"
