#!/bin/sh
# example-float.sh NUMCMP OUTDIR POS-ATOL VEL-ATOL DOUBLE-EXE FLOAT-EXE
# An example's firmware-target simulator in float against the same scene in
# double, both built for the host (ncs_fw_example in scenes.cmake): both
# must run every step (exit status 0: every step solved, the example main
# stops at the first failed one), print the same rows (step, body), and
# stay within POS-ATOL on x, y, theta and VEL-ATOL on vx, vy, omega
# (absolute; numcmp with no relative slack). The bounds are measured per
# scene (docs/embedded.md, "Every example in float").
# Exit status: 0 pass, 1 a run failed or a bound was exceeded, 2 bad usage.
set -u
if [ $# -ne 6 ]; then
    echo "usage: example-float.sh NUMCMP OUTDIR POS-ATOL VEL-ATOL DOUBLE-EXE FLOAT-EXE" >&2
    exit 2
fi
numcmp=$1 outdir=$2 pos=$3 vel=$4 dbl=$5 flt=$6
here=$(dirname "$0")
echo "positions (x, y, theta) within $pos:"
sh "$here/lcp/compare-host.sh" -c -f 1,3-6 "$numcmp" "$outdir/positions" -r 0 -a "$pos" \
    "\"$dbl\"" "\"$flt\"" || exit 1
echo "velocities (vx, vy, omega) within $vel:"
sh "$here/lcp/compare-host.sh" -c -f 1,3,7-9 "$numcmp" "$outdir/velocities" -r 0 -a "$vel" \
    "\"$dbl\"" "\"$flt\"" || exit 1
