#!/bin/sh
# expect_fail.sh FAILS_SIM FAILS_SCENE CAPACITY_SIM
# `FAILS_SIM --check --steps 5` must print FILE:LINE: expectation failed: ...
# for exactly the lines of FAILS_SCENE marked "must fail" and exit 1; a step
# that exceeds the capacity (scenes/capacity.ncs) must stop the run with a
# message naming the step, the body and the status, and exit 1.
set -u
fails=$1 scene=$2 cap=$3
out=$("$fails" --check --quiet --steps 5 2>&1)
rc=$?
echo "$out"
[ "$rc" -eq 1 ] || { echo "exit status $rc, expected 1" >&2; exit 1; }
want=$(grep -n "^expect.*# must fail" "$scene" | cut -d: -f1)
for line in $want; do
    echo "$out" | grep -q "fails.ncs:$line: expectation failed: " ||
        { echo "no failure reported for line $line" >&2; exit 1; }
done
n=$(echo "$out" | grep -c "expectation failed")
[ "$n" -eq "$(echo "$want" | wc -w)" ] || { echo "$n failures reported" >&2; exit 1; }
# checked by default, not with --no-check
"$fails" --quiet --steps 5 >/dev/null 2>&1 && { echo "without --check the run must fail" >&2; exit 1; }
"$fails" --no-check --quiet --steps 5 >/dev/null 2>&1 || { echo "with --no-check the run must succeed" >&2; exit 1; }
out=$("$cap" --quiet 2>&1)
rc=$?
echo "$out"
[ "$rc" -eq 1 ] || { echo "capacity run: exit status $rc, expected 1" >&2; exit 1; }
echo "$out" | grep -q "capacity.ncs: step [0-9]* failed: capacity exceeded (body p)" ||
    { echo "capacity failure message missing" >&2; exit 1; }
