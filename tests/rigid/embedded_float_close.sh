#!/bin/sh
# embedded_float_close.sh NCSC SCENE DIR CC ATOL
# The firmware target of a rigid-path scene in float runs every step on the
# host (embedded_accepted.sh: double and float programs exit 0), and its
# trajectory stays within ATOL (absolute, on x, y, theta, vx, vy, omega of
# every row) of the double program's, which the host simulator's checks
# hold to the scene's expectations (docs/embedded.md, float section).
set -u
ncsc=$1 scene=$2 dir=$3 cc=$4 atol=$5
here=$(dirname "$0")
sh "$here/embedded_accepted.sh" "$ncsc" "$scene" "$dir" "$cc" || exit 1
nd=$(wc -l <"$dir/double/out.csv") nf=$(wc -l <"$dir/float/out.csv")
[ "$nd" -eq "$nf" ] || { echo "embedded_float_close: $nd double rows, $nf float rows" >&2; exit 1; }
paste -d, "$dir/double/out.csv" "$dir/float/out.csv" | awk -F, -v atol="$atol" '
NR == 1 { n = NF / 2; next }  # columns per program, from the header
{
    if ($1 != $(n + 1) || $3 != $(n + 3)) { print "row " NR ": step/body differ"; bad = 1; exit }
    for (k = 4; k <= 9; k++) {
        # awk reads "nan" and "inf" as 0: a non-number fails by its text
        if ($k !~ /^-?[0-9.]+([eE][-+]?[0-9]+)?$/ || $(n + k) !~ /^-?[0-9.]+([eE][-+]?[0-9]+)?$/) {
            print "row " NR ": field " k " is not a finite number: " $k ", " $(n + k); bad = 1; exit
        }
        d = $k - $(n + k); if (d < 0) d = -d
        if (d > worst) { worst = d; at = $1 " " $3 " field " k }
    }
}
END {
    printf "largest absolute difference float - double: %g (step %s)\n", worst, at
    if (bad || worst > atol) { print "embedded_float_close: above " atol; exit 1 }
}' || exit 1
