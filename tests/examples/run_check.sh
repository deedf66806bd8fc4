#!/bin/sh
# run_check.sh NCSC WORK SCENES
# `ncsc run`: builds and runs a scene, passes the simulator options, keeps
# the simulator's exit status, and fails clearly when the scene is wrong,
# the C compiler is missing or fails, or the options are bad.
set -u
ncsc=$1 work=$2 scenes=$3
rm -rf "$work"
mkdir -p "$work"
cd "$work" || exit 1
fail() { echo "run_check: $*" >&2; exit 1; }

# default directory ./.ncs-run/<prefix>; options after FILE reach the simulator
"$ncsc" run "$scenes/golden.ncs" --steps 2 --csv out.csv >out.txt 2>err.txt ||
    fail "ncsc run failed: $(cat err.txt)"
[ -x .ncs-run/golden/golden ] || fail "no simulator in .ncs-run/golden"
[ "$(wc -l <out.csv)" -eq 7 ] || fail "--steps 2 --csv: expected 7 lines, got $(wc -l <out.csv)"
grep -q "^golden: 2 steps" err.txt || fail "no summary: $(cat err.txt)"

# --prefix and --formulation before FILE; NCS_RUN_DIR
NCS_RUN_DIR=$work/elsewhere "$ncsc" run --prefix other --formulation summation \
    "$scenes/golden.ncs" --quiet || fail "ncsc run --prefix failed"
[ -x elsewhere/other ] || fail "NCS_RUN_DIR/--prefix not used"
grep -q "formulation summation" elsewhere/other.h || fail "--formulation not used"

# the simulator's status comes back: failing expectations -> 1
"$ncsc" run "$scenes/fails.ncs" --check --quiet 2>err.txt
[ $? -eq 1 ] || fail "failing expectations: exit status not 1"
grep -q "fails.ncs:[0-9]*: expectation failed" err.txt || fail "no FILE:LINE failure"

# errors in the scene -> 1 with the diagnostics, nothing run
printf 'scene bad { h = -1; }\n' >bad.ncs
"$ncsc" run bad.ncs 2>err.txt
[ $? -eq 1 ] || fail "bad scene: exit status not 1"
grep -q "bad.ncs:1:" err.txt || fail "bad scene: no diagnostic: $(cat err.txt)"

# a C compiler that fails -> 2, saying so and showing the command
CC=false "$ncsc" run "$scenes/golden.ncs" 2>err.txt
[ $? -eq 2 ] || fail "CC=false: exit status not 2"
grep -q "the C compiler failed" err.txt || fail "CC=false: $(cat err.txt)"
# a C compiler that does not exist -> 2
CC=/nonexistent/cc "$ncsc" run "$scenes/golden.ncs" 2>err.txt
[ $? -eq 2 ] || fail "missing CC: exit status not 2"
grep -q "cannot run the C compiler '/nonexistent/cc'" err.txt || fail "missing CC: $(cat err.txt)"

# usage errors -> 2
"$ncsc" run 2>err.txt
[ $? -eq 2 ] && grep -q "no scene file" err.txt || fail "missing FILE not reported"
"$ncsc" run --formulation maxx "$scenes/golden.ncs" 2>err.txt
[ $? -eq 2 ] && grep -q "did you mean 'max'" err.txt || fail "bad formulation: $(cat err.txt)"
"$ncsc" run --help | grep -q "Usage: ncsc run" || fail "no --help"
echo "ncsc run OK"
