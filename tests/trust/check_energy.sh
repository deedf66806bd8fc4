#!/bin/sh
# check_energy.sh TRUST_RUN TRUST_CHECK SCENE WORK - trust_check's energy
# law on one run of a frictionless, force-free scene, as written and
# doctored: the run as written passes (a particle stopped in a corner with
# 5e-14 m/s left, whose next step's 6e-13 m/s is 84.8 times its energy
# but rounding); the same run with one step's speed raised by 1e-6 of
# itself while the body moves at 16 m/s fails (a gain of 2e-6 relative),
# and so does the resting step raised to 1e-8 m/s (above the energy of
# 1e-9 m/s that the law leaves to rounding).
set -u
run=$1 check=$2 scene=$3 work=$4
fail() { echo "check_energy: $*" >&2; exit 1; }
rm -rf "$work" && mkdir -p "$work" || exit 2
"$run" "$scene" --formulation max --csv "$work/run.csv" --quiet >"$work/out.txt" 2>&1 ||
    fail "trust_run failed: $(head -3 "$work/out.txt")"
"$check" "$scene" "$work/run.csv" --formulation max >"$work/ok.txt" 2>&1 ||
    fail "the run as written fails the check: $(tail -1 "$work/ok.txt")"
# step,t,body,x,y,theta,vx,vy,omega,...: scale step K's velocity by F
scale() {
    awk -F, -v OFS=, -v CONVFMT=%.17g -v OFMT=%.17g -v k="$1" -v f="$2" 'NR > 1 && $1 == k { $7 = $7 * f; $8 = $8 * f } { print }' \
        "$work/run.csv" >"$work/$3.csv" || exit 2
}
scale 2 1.000001 moving
if "$check" "$scene" "$work/moving.csv" --formulation max >"$work/moving.txt" 2>&1; then
    fail "a gain of 2e-6 at 16 m/s passed: $(tail -1 "$work/moving.txt")"
fi
grep -q "kinetic energy" "$work/moving.txt" || fail "not an energy failure: $(tail -1 "$work/moving.txt")"
last=$(awk -F, 'NR > 1 { s = $1 } END { print s + 0 }' "$work/run.csv")
awk -F, -v OFS=, -v k="$last" 'NR > 1 && $1 == k { $7 = 1e-8; $8 = 0 } { print }' \
    "$work/run.csv" >"$work/resting.csv" || exit 2
if "$check" "$scene" "$work/resting.csv" --formulation max >"$work/resting.txt" 2>&1; then
    fail "a rest raised to 1e-8 m/s passed: $(tail -1 "$work/resting.txt")"
fi
grep -q "kinetic energy" "$work/resting.txt" || fail "not an energy failure: $(tail -1 "$work/resting.txt")"
echo "check_energy: the run passes, a gain of 2e-6 at speed and a rest raised to 1e-8 m/s fail"
