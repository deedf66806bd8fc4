#!/bin/sh
# reliability_check.sh NCSC WORK TOP [CC]
# Issue 28 through `ncsc`, as a user meets it:
#   - no non-finite number is reported as a result: --check refuses start
#     values beyond 1e150 and a first step that already overflows, at the
#     number; a later overflow stops `ncsc run` with exit status 1, naming
#     the step and the body; `--set` beyond the bound is a usage error; the
#     firmware copy (no stdio in its library) returns the same status;
#   - outputs never mix: `-` with standard output closed and two outputs
#     naming one file are usage errors (2); a write that fails ends the run
#     with the reason and exit status 3, before "expectations passed",
#     removing the files the run created.
# Every program's exit status is checked.
set -u
ncsc=$1 work=$2 top=$3 cc=${4:-${CC:-cc}}
fail() { echo "reliability_check: $*" >&2; exit 1; }
rm -rf "$work"
mkdir -p "$work"
cd "$work" || exit 1
export NCS_RUN_DIR="$work/run"

# run WANT CMD..., has FILE TEXT, lacks FILE TEXT
# shellcheck source=/dev/null
. "$top/tests/web/common.sh"

# --- 1. the issue's reproducers are refused by --check, at the number ---------
cat >nan.ncs <<'EOF'
scene t { h = 1; steps = 2; }
body p particle { mass = 1; angle = 1e308; omega = 1e308; }
expect every step solved;
expect no penetration;
EOF
run 1 "$ncsc" --check nan.ncs
has err.txt "nan.ncs:2:37: error: angle = 1e308 is too large"
has err.txt "nan.ncs:2:52: error: omega = 1e308 is too large"
run 1 "$ncsc" run nan.ncs
lacks err.txt "expectations passed"

cat >inf.ncs <<'EOF'
scene t { h = 1; steps = 30000; gravity = (0, -1e300); }
body p particle { mass = 1; }
expect every step solved;
EOF
run 1 "$ncsc" --check inf.ncs
has err.txt "inf.ncs:1:43: error: gravity = (0, -1e+300) is too large for h = 1: the first step already takes the velocity of 'p' to -1e+300"

# --- 2. a later overflow: step 14 fails with its own status --------------------
cat >late.ncs <<'EOF'
scene late { h = 1; steps = 30; gravity = (0, -1e148); }
body p particle { mass = 1; }
expect every step solved;
EOF
run 0 "$ncsc" --check late.ncs
run 1 "$ncsc" run late.ncs --csv late.csv
has err.txt "late.ncs: step 14 failed: state overflow: the end state would hold a coordinate that is not finite or beyond 1e150 in magnitude (body p)"
has err.txt "late.ncs:3:1: expectation failed: every step solved: step 14 was not solved"
lacks err.txt "expectations passed"
[ "$(tail -n 1 late.csv | cut -d, -f1)" = 13 ] || fail "late.csv ends at: $(tail -n 1 late.csv)"
! grep -qi 'nan\|inf' late.csv || fail "a non-finite number in late.csv"

# the simulator refuses a start beyond the bound (the issue's --set)
run 2 "$ncsc" run "$top/examples/room.ncs" --set p.omega=1e308
has err.txt "bad --set 'p.omega=1e308': a coordinate of a state is at most 1e150 in magnitude"

# the firmware copy returns the status (its example main prints it)
run 0 "$ncsc" --target embedded late.ncs -o fw
if "$cc" -std=c99 -Ifw -o late_fw fw/late.c fw/late_ncs.c fw/late_main.c -lm 2>cc.txt; then
    ./late_fw >fw.csv 2>fw.txt
    rc=$?
    [ $rc -eq 1 ] || fail "firmware copy: exit status $rc, expected 1: $(cat fw.txt)"
    has fw.txt "step 14 failed: state overflow (body p"
    ! grep -qi 'nan\|inf' fw.csv || fail "a non-finite number in fw.csv"
else
    fail "the firmware copy does not build on the host: $(cat cc.txt)"
fi

# --- 3. outputs never mix ------------------------------------------------------
"$ncsc" run "$top/examples/room.ncs" --csv - --svg room.svg >&- 2>err.txt
rc=$?
[ $rc -eq 2 ] || fail "--csv - with stdout closed: exit status $rc: $(cat err.txt)"
has err.txt "--csv -: standard output is closed"
[ ! -e room.svg ] || fail "room.svg written: $(head -c 60 room.svg)"
# with stdout closed, ncsc run's own files and the simulator's outputs
# never become standard output: each file holds its own output only
"$ncsc" run "$top/examples/room.ncs" --contacts c.csv --svg room.svg --quiet >&- 2>err.txt
rc=$?
[ $rc -eq 0 ] || fail "stdout closed: exit status $rc: $(cat err.txt)"
[ "$(head -c 5 room.svg)" = "<?xml" ] || fail "room.svg: $(head -c 60 room.svg)"
[ "$(head -n 1 c.csv)" = "step,t,body,other,x,y,nx,ny,pn,pt,fn,ft" ] || fail "c.csv: $(head -n 1 c.csv)"
! grep -q '^step,t,body,x' room.svg c.csv || fail "CSV rows in another output"
rm -f room.svg c.csv
run 2 "$ncsc" run "$top/examples/room.ncs" --csv F --svg F
has err.txt "--csv and --svg both write 'F'"
[ ! -e F ] || fail "F left behind"
# a full device: the reason, exit status 3, nothing left, not "passed"
run 3 "$ncsc" run "$top/examples/room.ncs" --csv /dev/full --svg ok.svg
has err.txt "cannot write --csv '/dev/full': No space left on device"
has err.txt "removed 'ok.svg'"
lacks err.txt "expectations passed"
[ ! -e ok.svg ] || fail "ok.svg left behind"
echo "reliability_check OK"
