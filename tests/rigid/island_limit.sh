#!/bin/sh
# island_limit.sh NCSC SRCDIR OUTDIR
# Island sizes of the rigid-body path (docs/rigid.md): scenes/islands-five
# (automatic sizes above NCS_RIGID_AUTO_MAX_M) compiles with exactly the
# warning below and MAX_M 512, CAPACITY 32; scenes/islands-toobig
# (capacity = 3000) fails with exit 1, exactly the error below, and no file,
# and so does --check.
set -u
ncsc=$1 src=$2 out=$3
rm -rf "$out" && mkdir -p "$out/five" "$out/toobig" || exit 2
fail=0

# compile NAME STATUS MESSAGE: ncsc on scenes/islands-NAME.ncs into $out/NAME must
# exit with STATUS and print MESSAGE as its first line
compile() {
    (cd "$src" && "$ncsc" "scenes/islands-$1.ncs" -o "$out/$1") 2>"$out/$1.err"
    rc=$?
    [ "$rc" = "$2" ] || { echo "islands-$1: exit $rc, expected $2"; fail=1; }
    [ "$(sed -n 1p "$out/$1.err")" = "$3" ] ||
        { echo "islands-$1: got"; cat "$out/$1.err"; echo "expected: $3"; fail=1; }
}

compile five 0 "scenes/islands-five.ncs:6:7: warning: the automatic island sizes (every body in one island, at the scene's largest speed) would allow up to 3090 LCP rows (a state of about 535 MB); sizing islands for capacity = 32 instead: set \`capacity\` to choose (a step that needs more fails with STEP_CAPACITY)"
grep -q "^#define ISLANDS_FIVE_MAX_M 512 " "$out/five/islands_five.h" &&
    grep -q "^#define ISLANDS_FIVE_CAPACITY 32 " "$out/five/islands_five.h" ||
    { echo "islands-five: sizes are not MAX_M 512, CAPACITY 32"; fail=1; }
# the semantic checks refuse it, at the number, so --check does too
msg="scenes/islands-toobig.ncs:8:16: error: capacity = 3000 is too large: islands of up to 36000 LCP rows (formulation max), above the runtime's limit of 20000; choose a smaller capacity"
compile toobig 1 "$msg"
[ -z "$(ls -A "$out/toobig")" ] || { echo "islands-toobig: output left"; fail=1; }
(cd "$src" && "$ncsc" --check scenes/islands-toobig.ncs) 2>"$out/toobig-check.err"
rc=$?
[ "$rc" = 1 ] && [ "$(sed -n 1p "$out/toobig-check.err")" = "$msg" ] ||
    { echo "islands-toobig --check: exit $rc:"; cat "$out/toobig-check.err"; fail=1; }
[ "$fail" = 0 ] && echo "island limits: warning, fallback sizes and error as expected"
exit "$fail"
