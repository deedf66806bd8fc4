#!/bin/sh
# override_header.sh NCSC SRCDIR WORKDIR
# --formulation is applied before the checks: the generated header's
# constants are those of the final formulation. A gamma written under
# summation is used with --formulation max (no warning); an epsilon written
# under max is used with --formulation summation, and that scene's gamma is
# then ignored (the automatic value, with a warning naming --formulation).
set -u
ncsc=$1 src=$2 work=$3
fail() { echo "FAIL override_header: $*"; exit 1; }
rm -rf "$work"
mkdir -p "$work/max" "$work/sum" "$work/plain" || exit 2
cd "$src" || exit 2

"$ncsc" usage/override-gamma.ncs -o "$work/max" --formulation max 2>"$work/max.err" ||
    fail "--formulation max: exit status $?: $(cat "$work/max.err")"
[ -s "$work/max.err" ] && fail "--formulation max: unexpected messages: $(cat "$work/max.err")"
grep -qx '#define S_FORMULATION 1 /\* ncs_formulation: max \*/' "$work/max/s.h" ||
    fail "--formulation max: header formulation is not max"
grep -qx '#define S_GAMMA 5.0 /\* max formulation constant \*/' "$work/max/s.h" ||
    fail "--formulation max: S_GAMMA is not the scene's 5: $(grep S_GAMMA "$work/max/s.h")"

"$ncsc" usage/override-epsilon.ncs -o "$work/sum" --formulation=summation 2>"$work/sum.err" ||
    fail "--formulation=summation: exit status $?"
grep -q "warning: 'gamma' only applies to formulation max, not summation (set by --formulation); ignored" \
    "$work/sum.err" || fail "--formulation=summation: no warning about gamma: $(cat "$work/sum.err")"
grep -q "'epsilon' only applies" "$work/sum.err" && fail "--formulation=summation: warned about epsilon"
grep -qx '#define S_EPSILON 0.25 /\* summation epsilon (eps_h = epsilon / h) \*/' "$work/sum/s.h" ||
    fail "--formulation=summation: S_EPSILON is not the scene's 0.25: $(grep S_EPSILON "$work/sum/s.h")"
grep -q '#define S_GAMMA 7.0 ' "$work/sum/s.h" &&
    fail "--formulation=summation: the ignored gamma = 7 reached the header"

# without the override: the scene's formulation, gamma used, epsilon ignored
"$ncsc" usage/override-epsilon.ncs -o "$work/plain" 2>"$work/plain.err" || fail "no override: exit status $?"
grep -q "warning: 'epsilon' only applies to formulation summation, not max; ignored" \
    "$work/plain.err" || fail "no override: no warning about epsilon"
grep -q '#define S_GAMMA 7.0 ' "$work/plain/s.h" || fail "no override: S_GAMMA is not 7"
grep -q '#define S_EPSILON 0.25 ' "$work/plain/s.h" && fail "no override: the ignored epsilon reached the header"
echo "ok override_header"
