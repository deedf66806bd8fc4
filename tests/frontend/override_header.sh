#!/bin/sh
# override_header.sh NCSC SRCDIR WORKDIR
# --formulation is applied before the checks: the generated code's
# constants are those of the final formulation (the header names the
# formulation, S_FORMULATION; gamma and epsilon are literals of the scene
# descriptor in s.c, each followed by its comment). A gamma written under
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
grep -qx '#define S_FORMULATION NCS_FORM_MAX' "$work/max/s.h" ||
    fail "--formulation max: header formulation is not max: $(grep S_FORMULATION "$work/max/s.h")"
grep -qE '(^|[ ,])5\.0 /\* gamma \*/' "$work/max/s.c" ||
    fail "--formulation max: gamma is not the scene's 5: $(grep '/\* gamma \*/' "$work/max/s.c")"

"$ncsc" usage/override-epsilon.ncs -o "$work/sum" --formulation=summation 2>"$work/sum.err" ||
    fail "--formulation=summation: exit status $?"
grep -q "warning: 'gamma' only applies to formulation max, not summation (set by --formulation); ignored" \
    "$work/sum.err" || fail "--formulation=summation: no warning about gamma: $(cat "$work/sum.err")"
grep -q "'epsilon' only applies" "$work/sum.err" && fail "--formulation=summation: warned about epsilon"
grep -qx '#define S_FORMULATION NCS_FORM_SUMMATION' "$work/sum/s.h" ||
    fail "--formulation=summation: header formulation is not summation: $(grep S_FORMULATION "$work/sum/s.h")"
grep -qE '(^|[ ,])0\.25 /\* epsilon \*/' "$work/sum/s.c" ||
    fail "--formulation=summation: epsilon is not the scene's 0.25: $(grep '/\* epsilon \*/' "$work/sum/s.c")"
grep -q '/\* gamma \*/' "$work/sum/s.c" || fail "--formulation=summation: no gamma literal in s.c"
grep -qE '(^|[ ,])7\.0 /\* gamma \*/' "$work/sum/s.c" &&
    fail "--formulation=summation: the ignored gamma = 7 reached the scene descriptor"

# without the override: the scene's formulation, gamma used, epsilon ignored
"$ncsc" usage/override-epsilon.ncs -o "$work/plain" 2>"$work/plain.err" || fail "no override: exit status $?"
grep -q "warning: 'epsilon' only applies to formulation summation, not max; ignored" \
    "$work/plain.err" || fail "no override: no warning about epsilon"
grep -qx '#define S_FORMULATION NCS_FORM_MAX' "$work/plain/s.h" || fail "no override: header formulation is not max"
grep -qE '(^|[ ,])7\.0 /\* gamma \*/' "$work/plain/s.c" || fail "no override: gamma is not 7"
grep -q '/\* epsilon \*/' "$work/plain/s.c" || fail "no override: no epsilon literal in s.c"
grep -qE '(^|[ ,])0\.25 /\* epsilon \*/' "$work/plain/s.c" &&
    fail "no override: the ignored epsilon reached the scene descriptor"
echo "ok override_header"
