#!/bin/sh
# capacity_check.sh SIM HEADER MACRO_PREFIX MAX_RATIO [MAX_M]
# The sizes of a generated state are bounds (compiler/plan/plan_sizes.c,
# docs/engine.md "Sizes"), and this checks the contract on one scene:
#  - the header declares every size, <P>_MAX_PAIRS, _MAX_SIDES,
#    _MAX_CONTACTS, _MAX_GROUPS, _MAX_M (positive), and _STATE_BYTES, and
#    none of the old macros (_CAPACITY, _ACT_WORDS, _WS_DOUBLES, _H);
#    with MAX_M given, <P>_MAX_M is that number;
#  - SOUND: the run (expectations checked) exits 0, every step solved (no
#    capacity failure) and every row's LCP size m (CSV column 12) is
#    <= MAX_M;
#  - TIGHT: MAX_M / (the largest m the run meets) <= MAX_RATIO.
# Prints the numbers measured.
set -u
sim=$1 hdr=$2 up=$3 ratio=$4 want=${5:-}
fail() { echo "capacity_check: $*" >&2; exit 1; }
val() { sed -n "s/^#define ${up}_$1 \([0-9][0-9]*\)\( .*\)\{0,1\}\$/\1/p" "$hdr"; }
for k in MAX_PAIRS MAX_SIDES MAX_CONTACTS MAX_GROUPS MAX_M; do
    v=$(val $k)
    [ -n "$v" ] && [ "$v" -gt 0 ] || fail "$hdr: no positive ${up}_$k"
done
grep -q "^#define ${up}_STATE_BYTES " "$hdr" || fail "$hdr: no ${up}_STATE_BYTES"
for k in CAPACITY ACT_WORDS WS_DOUBLES H; do
    grep -q "^#define ${up}_$k " "$hdr" && fail "$hdr: the old macro ${up}_$k is still there"
done
maxm=$(val MAX_M)
[ -z "$want" ] || [ "$maxm" -eq "$want" ] || fail "$hdr: ${up}_MAX_M is $maxm, expected $want"
csv=${TMPDIR:-/tmp}/capacity_check.$$.csv
trap 'rm -f "$csv"' EXIT
"$sim" --csv "$csv" --quiet
rc=$?
[ $rc -eq 0 ] || fail "the run failed (exit status $rc)"
awk -F, -v maxm="$maxm" -v ratio="$ratio" '
    NR > 1 { n++
             if ($10 != "solved" && $10 != "none") { print "step " $1 " status " $10 > "/dev/stderr"; bad = 1 }
             if ($12 + 0 > maxm + 0) { print "step " $1 " m = " $12 " > MAX_M = " maxm > "/dev/stderr"; bad = 1 }
             if ($12 + 0 > big) big = $12 + 0 }
    END { if (n == 0) { print "no rows" > "/dev/stderr"; exit 1 }
          if (big == 0) { print "no LCP was solved" > "/dev/stderr"; exit 1 }
          r = maxm / big
          printf "%d rows, MAX_M %d, largest m met %d, ratio %.2f (at most %s)\n", n, maxm, big, r, ratio
          if (r > ratio + 0) { print "MAX_M is not tight: ratio " r " > " ratio > "/dev/stderr"; bad = 1 }
          exit bad }' "$csv" || exit 1
