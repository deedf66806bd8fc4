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
"$ncsc" run "$scenes/golden.ncs" --steps 2 --no-check --csv out.csv >out.txt 2>err.txt ||
    fail "ncsc run failed: $(cat err.txt)"
[ -x .ncs-run/golden/golden ] || fail "no simulator in .ncs-run/golden"
[ "$(wc -l <out.csv)" -eq 7 ] || fail "--steps 2 --csv: expected 7 lines, got $(wc -l <out.csv)"
grep -q "^golden: 2 steps" err.txt || fail "no summary: $(cat err.txt)"

# --prefix and --formulation before FILE; NCS_RUN_DIR
NCS_RUN_DIR=$work/elsewhere "$ncsc" run --prefix other --formulation summation \
    "$scenes/golden.ncs" --quiet || fail "ncsc run --prefix failed"
[ -x elsewhere/other ] || fail "NCS_RUN_DIR/--prefix not used"
grep -qx "#define OTHER_FORMULATION NCS_FORM_SUMMATION" elsewhere/other.h || fail "--formulation not used"
# the same options as --opt=value
NCS_RUN_DIR=$work/eq "$ncsc" run --prefix=other2 --formulation=diff --decomp=triangles \
    "$scenes/golden.ncs" --quiet || fail "ncsc run --prefix=P --formulation=F failed"
[ -x eq/other2 ] || fail "--prefix=P not used"
grep -qx "#define OTHER2_FORMULATION NCS_FORM_DIFF" eq/other2.h || fail "--formulation=F not used"
# a reserved prefix, either spelling -> 2
for opt in "--prefix=ncs_lcp" "--prefix NCSrun"; do
    # shellcheck disable=SC2086
    "$ncsc" run $opt "$scenes/golden.ncs" 2>err.txt
    [ $? -eq 2 ] && grep -q "is reserved for the ncs runtime" err.txt ||
        fail "$opt: not refused: $(cat err.txt)"
done
# no private build directory is left behind
[ -z "$(find .ncs-run elsewhere eq -name '.run-*')" ] || fail "private build directories left"

# the simulator's status comes back: failing expectations -> 1, checked
# by default (--check is accepted), not with --no-check
"$ncsc" run "$scenes/fails.ncs" --check --quiet 2>err.txt
[ $? -eq 1 ] || fail "failing expectations: exit status not 1"
grep -q "fails.ncs:[0-9]*:[0-9]*: expectation failed" err.txt || fail "no FILE:LINE:COL failure"
"$ncsc" run "$scenes/fails.ncs" --quiet 2>err.txt
[ $? -eq 1 ] || fail "failing expectations without --check: exit status not 1"
grep -q "fails.ncs:[0-9]*:[0-9]*: expectation failed" err.txt || fail "no FILE:LINE:COL failure by default"
"$ncsc" run "$scenes/fails.ncs" --no-check --quiet 2>err.txt ||
    fail "--no-check: exit status not 0: $(cat err.txt)"
[ -s err.txt ] && fail "--no-check --quiet printed: $(cat err.txt)"

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
"$ncsc" run --help >help.txt || fail "ncsc run --help: exit status $?"
grep -q "Usage: ncsc run" help.txt || fail "no --help"
echo "ncsc run OK"
