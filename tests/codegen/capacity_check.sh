#!/bin/sh
# capacity_check.sh SIM HEADER MACRO_PREFIX MAX_M CAPACITY [MIN_M]
# The generated header must declare MAX_M and CAPACITY as given (computed
# by the test from the docs/formulations.md formulas), and every step of
# the run must solve with an LCP no larger than MAX_M; with MIN_M, the
# largest LCP of the run must be at least MIN_M (the bound is met).
set -eu
sim=$1 hdr=$2 up=$3 maxm=$4 cap=$5 minm=${6:-0}
grep -q "^#define ${up}_MAX_M $maxm " "$hdr" ||
    { echo "$hdr: expected ${up}_MAX_M $maxm:" >&2; grep "_MAX_M" "$hdr" >&2; exit 1; }
grep -q "^#define ${up}_CAPACITY $cap " "$hdr" ||
    { echo "$hdr: expected ${up}_CAPACITY $cap" >&2; exit 1; }
"$sim" --csv - --quiet | awk -F, -v maxm="$maxm" -v minm="$minm" '
    NR > 1 { n++; if ($10 != "solved" && $10 != "none") { print "step " $1 " status " $10 > "/dev/stderr"; bad = 1 }
             if ($12 > maxm) { print "step " $1 " m = " $12 " > " maxm > "/dev/stderr"; bad = 1 }
             if ($12 > big) big = $12 }
    END { if (n == 0) bad = 1
          if (big < minm) { print "largest m " big " < " minm > "/dev/stderr"; bad = 1 }
          print n " rows, largest m " big; exit bad }'
