#!/bin/sh
# solved_is_clean.sh TRUST_RUN TRUST_CHECK SCENE FORM WORK - where a scene's
# run may end at a refused step (known-defect), every step it reported
# solved must still be clean: trust_check over the steps the run wrote
# (depth, energy; trust/README). A step refused is not a step solved; a
# step 'solved' with a body inside is what this catches.
set -u
run=$1 check=$2 scene=$3 form=$4 work=$5
fail() { echo "solved_is_clean: $*" >&2; exit 1; }
rm -rf "$work" && mkdir -p "$work" || exit 2
"$run" "$scene" --formulation "$form" --csv "$work/run.csv" --quiet --no-check >"$work/out.txt" 2>&1
rc=$?
[ $rc -le 1 ] || fail "trust_run exited $rc: $(head -3 "$work/out.txt")"
last=$(awk -F, 'NR > 1 { s = $1 } END { print s + 0 }' "$work/run.csv") || fail "no run.csv"
[ "$last" -ge 1 ] || fail "no step was solved"
"$check" "$scene" "$work/run.csv" --formulation "$form" --steps "$last" >"$work/check.txt" 2>&1 ||
    fail "$form: the $last steps reported solved are not clean: $(tail -2 "$work/check.txt")"
echo "solved_is_clean: $form: $last steps solved (run exit $rc), every one clean"
