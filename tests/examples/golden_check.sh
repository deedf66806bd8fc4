#!/bin/sh
# golden_check.sh GOLDEN_SIM FAILS_SIM GOLDEN_DIR WORK
# The simulator's CSV (header and every column but the pivot count, which
# may change with the solver; pivots must be a count) and the --check
# report of failed expectations (FILE:LINE:COL in source order, text,
# value, summary, exit status 1; the same without --check, the default, and
# none with --no-check) and the summary line of a run (steps, steps with
# contacts, LCP solves per such step, final positions; numbers shortest)
# against golden files.
set -u
sim=$1 fails=$2 golden=$3 work=$4
mkdir -p "$work"
fail() { echo "golden_check: $*" >&2; exit 1; }

"$sim" --csv "$work/out.csv" --quiet --check || fail "golden scene failed"
head -n 1 "$work/out.csv" | grep -qx 'step,t,body,x,y,theta,vx,vy,omega,status,pivots,m,solves' ||
    fail "CSV header: $(head -n 1 "$work/out.csv")"
awk -F, 'NR > 1 && (NF != 13 || $11 !~ /^[0-9]+$/) { print "bad row " NR ": " $0; bad = 1 }
         END { exit bad }' "$work/out.csv" || fail "bad CSV rows"
cut -d, -f1-10,12,13 "$work/out.csv" >"$work/out.cut"
diff -u "$golden/golden.csv" "$work/out.cut" || fail "CSV differs from $golden/golden.csv"
# --csv - writes the same to stdout
"$sim" --csv - --quiet >"$work/stdout.csv" || fail "golden scene failed with --csv -"
cmp -s "$work/stdout.csv" "$work/out.csv" || fail "--csv - differs from --csv FILE"
# the summary line on stderr
"$sim" 2>"$work/summary.txt" >/dev/null || fail "golden scene run failed"
diff -u "$golden/golden.summary" "$work/summary.txt" || fail "summary differs from $golden/golden.summary"

"$fails" --check 2>"$work/fails.raw" >/dev/null
rc=$?
[ "$rc" -eq 1 ] || fail "--check with failing expectations: exit status $rc, expected 1"
sed 's|^.*/fails\.ncs|fails.ncs|' "$work/fails.raw" >"$work/fails.err"
diff -u "$golden/fails.err" "$work/fails.err" || fail "--check report differs from $golden/fails.err"
# expectations are checked by default; --no-check turns that off
"$fails" 2>"$work/fails-default.raw" >/dev/null
rc=$?
[ "$rc" -eq 1 ] || fail "failing expectations without --check: exit status $rc, expected 1"
sed 's|^.*/fails\.ncs|fails.ncs|' "$work/fails-default.raw" >"$work/fails-default.err"
diff -u "$golden/fails.err" "$work/fails-default.err" ||
    fail "the default report differs from $golden/fails.err (the --check report)"
"$fails" --no-check --quiet || fail "with --no-check the run must succeed"
echo "golden CSV and --check report OK"
