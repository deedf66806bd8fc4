#!/bin/sh
# expect_fail.sh FAILS_SIM FAILS_SCENE CAPACITY_SIM
# `FAILS_SIM --check --steps 5` must print FILE:LINE:COL: expectation
# failed: ... for exactly the lines of FAILS_SCENE marked "must fail", in
# source order, and exit 1 (the same without --check: the default; none and
# exit 0 with --no-check).
# A step that meets more than the scene's `capacity` (scenes/capacity.ncs:
# capacity = 1, two floor boxes within reach at once) must stop the run with
# the simulator's message "FILE: step N failed: capacity exceeded (body p)",
# exit status 1, no CSV row for step N, and the state left as after step
# N - 1 (the summary's final position is the CSV's last row).
set -u
fails=$1 scene=$2 cap=$3
fail() { echo "expect_fail: $*" >&2; exit 1; }
out=$("$fails" --check --quiet --steps 5 2>&1)
rc=$?
echo "$out"
[ "$rc" -eq 1 ] || fail "exit status $rc, expected 1"
want=$(grep -n "^expect.*# must fail" "$scene" | cut -d: -f1)
got=$(echo "$out" | sed -n 's/^.*fails\.ncs:\([0-9]*\):1: expectation failed: .*/\1/p')
[ "$(echo $got)" = "$(echo $want)" ] ||
    fail "failures reported for lines '$(echo $got)', expected '$(echo $want)' in this order"
[ "$(echo "$out" | grep -c "expectation failed")" -eq "$(echo "$want" | wc -w)" ] ||
    fail "other failure lines: $out"
# checked by default, not with --no-check
out2=$("$fails" --quiet --steps 5 2>&1)
[ $? -eq 1 ] || fail "without --check the run must fail"
[ "$out2" = "$out" ] || fail "the default report differs from the --check one: $out2"
out2=$("$fails" --no-check --quiet --steps 5 2>&1) || fail "with --no-check the run must succeed"
[ -z "$out2" ] || fail "--no-check --quiet printed: $out2"

csv=${TMPDIR:-/tmp}/expect_fail.$$.csv
trap 'rm -f "$csv"' EXIT
out=$("$cap" --csv "$csv" --no-check 2>&1)
rc=$?
echo "$out"
[ "$rc" -eq 1 ] || fail "capacity run: exit status $rc, expected 1"
n=$(echo "$out" | sed -n 's/^.*capacity\.ncs: step \([0-9]*\) failed: capacity exceeded (body p)$/\1/p')
[ -n "$n" ] || fail "capacity failure message missing"
[ "$n" -gt 1 ] || fail "the capacity failure is at step $n: the floor must be out of reach at first"
last=$(tail -n 1 "$csv")
[ "${last%%,*}" -eq $((n - 1)) ] || fail "the CSV's last row is not step $((n - 1)): $last"
x=$(echo "$last" | cut -d, -f4) y=$(echo "$last" | cut -d, -f5)
echo "$out" | grep -q "^capacity: $((n - 1)) steps (.*; p at ($x, $y)\$" ||
    fail "the state after the failed step is not that of step $((n - 1)) ($x, $y)"
echo "failed expectations and the capacity failure reported"
