#!/bin/sh
# state_bytes.sh NCSC INCLUDE CC WORK FITS SCENE...
# ncsc states the bytes of each host state in <p>.h ("Bytes of a <p>_state
# ...: N on a 64-bit host") and refuses scenes whose state is above
# NCS_STATE_MAX_BYTES (compiler/plan/plan_bytes.c, from the runtime's own
# formula). This checks that the number is the one the C compiler gets:
#  - for every SCENE: compile it, build a program printing <P>_STATE_BYTES
#    (sizeof only: no state is made), and require the two to be equal;
#  - FITS: a scene refused for its state (a golden bad case) whose
#    `capacity = C` is replaced by the capacity its message says fits: it
#    compiles, and its STATE_BYTES is at most NCS_STATE_MAX_BYTES.
set -u
ncsc=$1 inc=$2 cc=$3 work=$4 fits=$5
shift 5
fail() { echo "state_bytes: $*" >&2; exit 1; }
rm -rf "$work" && mkdir -p "$work" || exit 2
check() { # SCENE NAME -> prints the bytes
    out=$work/$2
    "$ncsc" "$1" -o "$out" --prefix "$2" >/dev/null 2>"$work/err" || { cat "$work/err" >&2; fail "$1: ncsc failed"; }
    said=$(sed -n "s/.*Bytes of a $2_state (= sizeof($2_state)): \([0-9][0-9]*\) on a 64-bit host.*/\1/p" "$out/$2.h")
    [ -n "$said" ] || fail "$1: $out/$2.h states no bytes"
    up=$(echo "$2" | tr a-z A-Z)
    printf '#include <stdio.h>\n#include "%s.h"\nint main(void) { printf("%%.0f\\n", (double)%s_STATE_BYTES); return 0; }\n' "$2" "$up" >"$out/bytes.c"
    "$cc" -std=c99 -I "$out" -I "$inc" "$out/bytes.c" -o "$out/bytes" || fail "$1: cannot build the bytes program"
    got=$("$out/bytes") || fail "$1: the bytes program failed"
    [ "$said" = "$got" ] || fail "$1: ncsc says $said bytes, sizeof gives $got"
    echo "$said"
}
n=0
for s in "$@"; do
    n=$((n + 1))
    b=$(check "$s" "s$n") || exit 1
    echo "$s: $b bytes"
done
# the capacity the refusal names fits
msg=$("$ncsc" --check "$fits" 2>&1)
[ $? -eq 1 ] || fail "$fits: ncsc --check should refuse it (exit 1)"
cap=$(echo "$msg" | sed -n 's/.*set `capacity = \([0-9][0-9]*\)` or less.*/\1/p')
[ -n "$cap" ] || fail "$fits: the refusal names no capacity: $msg"
sed "s/capacity = [0-9][0-9]*;/capacity = $cap;/" "$fits" >"$work/fits.ncs"
grep -q "capacity = $cap;" "$work/fits.ncs" || fail "$fits: no capacity line to replace"
b=$(check "$work/fits.ncs" fits) || exit 1
max=$(printf '#include <stdio.h>\n#include "ncs/config.h"\nint main(void) { printf("%%.0f\\n", (double)NCS_STATE_MAX_BYTES); return 0; }\n' >"$work/max.c" &&
      "$cc" -std=c99 -I "$inc" "$work/max.c" -o "$work/max" && "$work/max") || fail "cannot read NCS_STATE_MAX_BYTES"
awk -v b="$b" -v m="$max" 'BEGIN { exit !(b + 0 <= m + 0) }' || fail "capacity $cap: $b bytes > $max"
echo "capacity $cap (the refusal's): $b bytes <= $max"
# and one more pair does not fit
sed "s/capacity = [0-9][0-9]*;/capacity = $((cap + 1));/" "$fits" >"$work/over.ncs"
"$ncsc" --check "$work/over.ncs" >/dev/null 2>&1
[ $? -eq 1 ] || fail "capacity $((cap + 1)) should be refused"
echo "state_bytes: ok ($n scenes)"
