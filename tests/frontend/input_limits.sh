#!/bin/sh
# input_limits.sh NCSC WORKDIR
# Scene files are read with a limit (issue 28): a stream (/dev/zero) stops
# one byte past 64 MiB, a larger regular file is refused by its size, both
# with "FILE: error: file is larger than 67108864 bytes" and exit status 1
# for --check, -o (nothing created) and ncsc run; a long run of NUL bytes
# is one located error and lexes in linear time (the test's TIMEOUT: a
# million took hours before); 100 errors stop the compile.
set -u
ncsc=$1 work=$2
fail() { echo "FAIL input_limits: $*"; exit 1; }
rm -rf "$work"
mkdir -p "$work" || exit 2
msg="file is larger than 67108864 bytes (64 MiB), the limit of a scene"

"$ncsc" --check /dev/zero >"$work/out" 2>"$work/err"
st=$?
[ $st = 1 ] || fail "--check /dev/zero: exit status $st, expected 1"
[ "$(cat "$work/err")" = "/dev/zero: error: $msg" ] || fail "--check /dev/zero said: $(cat "$work/err")"

"$ncsc" /dev/zero -o "$work/out-dir" 2>"$work/err"
st=$?
[ $st = 1 ] || fail "-o from /dev/zero: exit status $st, expected 1"
[ "$(cat "$work/err")" = "/dev/zero: error: $msg" ] || fail "-o from /dev/zero said: $(cat "$work/err")"
[ -e "$work/out-dir" ] && fail "-o from /dev/zero created the folder"

"$ncsc" --check - </dev/zero 2>"$work/err"
st=$?
[ $st = 1 ] && [ "$(cat "$work/err")" = "<stdin>: error: $msg" ] ||
    fail "--check - </dev/zero: exit status $st: $(cat "$work/err")"

(cd "$work" && "$ncsc" run /dev/zero) 2>"$work/err"
st=$?
[ $st = 1 ] && [ "$(cat "$work/err")" = "/dev/zero: error: $msg" ] ||
    fail "ncsc run /dev/zero: exit status $st: $(cat "$work/err")"

if truncate -s 67108865 "$work/big.ncs" 2>/dev/null; then
    "$ncsc" --check "$work/big.ncs" 2>"$work/err"
    st=$?
    [ $st = 1 ] && [ "$(cat "$work/err")" = "$work/big.ncs: error: $msg" ] ||
        fail "a 64 MiB + 1 file: exit status $st: $(cat "$work/err")"
    rm -f "$work/big.ncs"
fi

# a million NUL bytes after a scene line: one error at 2:1
{ printf 'scene t { h = 1; steps = 1; }\n'; head -c 1000000 /dev/zero; printf '\n'; } >"$work/nul.ncs" ||
    exit 2
"$ncsc" --check "$work/nul.ncs" 2>"$work/err"
st=$?
[ $st = 1 ] || fail "a run of NUL bytes: exit status $st, expected 1"
[ "$(grep -c 'error:' "$work/err")" = 1 ] && grep -q "nul.ncs:2:1: error: null byte in input" "$work/err" ||
    fail "a run of NUL bytes: not one error at 2:1: $(head -c 300 "$work/err")"

# many errors: the compile stops after 100
i=0
: >"$work/many.ncs"
while [ $i -lt 300 ]; do
    echo '@' >>"$work/many.ncs"
    i=$((i + 1))
done
"$ncsc" --check "$work/many.ncs" 2>"$work/err"
st=$?
[ $st = 1 ] || fail "300 errors: exit status $st, expected 1"
grep -q "many.ncs: error: too many errors, stopping" "$work/err" || fail "300 errors: no stop after 100"
n=$(grep -c "^.*many.ncs:[0-9]*:[0-9]*: error:" "$work/err")
[ "$n" = 100 ] || fail "300 errors: $n reported, expected 100"
echo "ok input_limits"
