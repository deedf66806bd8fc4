#!/bin/sh
# solves.sh SIM MIN MAX
# Runs SIM --fixpoint MAX --fixpoint-tol 1e-6 --csv -: passes when the
# largest value of the CSV's solves column is at least MIN and at most
# MAX, every row with an LCP has solves >= 1, and the summary line on
# stderr reports the same largest count; without --fixpoint every solves
# value is 0 or 1.
set -eu
sim=$1 min=$2 max=$3
tmp=${TMPDIR:-/tmp}/solves.$$
trap 'rm -f "$tmp.csv" "$tmp.err"' EXIT
set +e
"$sim" --fixpoint "$max" --fixpoint-tol 1e-6 --csv - >"$tmp.csv" 2>"$tmp.err"
rc=$?
set -e
cat "$tmp.err"
[ $rc -eq 0 ] || { echo "the run with --fixpoint $max failed (exit status $rc)" >&2; exit 1; }
most=$(awk -F, 'NR > 1 { if ($12 > 0 && $13 < 1) bad = 1; if ($13 > m) m = $13 }
                END { if (bad) print "bad"; else print m + 0 }' "$tmp.csv")
echo "largest solves in the CSV: $most"
[ "$most" != bad ] || { echo "a row with an LCP reports no solve" >&2; exit 1; }
[ "$most" -ge "$min" ] && [ "$most" -le "$max" ] || { echo "not within $min..$max" >&2; exit 1; }
grep -q "LCP solves per such step: mean [0-9.]*, max $most)" "$tmp.err" ||
    { echo "the summary does not report max $most" >&2; exit 1; }
"$sim" --csv - --quiet >"$tmp.csv" || { echo "run without --fixpoint failed" >&2; exit 1; }
awk -F, 'NR > 1 && $13 > 1 { bad = 1 } END { exit bad }' "$tmp.csv" ||
    { echo "more than one solve per step without --fixpoint" >&2; exit 1; }
echo "solves reported"
