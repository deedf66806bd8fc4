#!/bin/sh
# o_like_check.sh NCSC SRCDIR WORKDIR
# Every golden bad input (bad/*.ncs whose expected status is not 0: the
# others only have warnings) is refused by `ncsc -o DIR` exactly as by
# `ncsc --check`: the same messages, the same exit status, and nothing
# written into DIR. A check that only the code generator makes (a late
# rejection) would pass --check and fail here.
set -u
ncsc=$1 src=$2 work=$3
rm -rf "$work"
mkdir -p "$work" || exit 2
cd "$src" || exit 2
fail=0 n=0
for f in bad/*.ncs; do
    [ "$(cat "${f%.ncs}.status")" = 0 ] && continue
    n=$((n + 1))
    "$ncsc" --check "$f" >/dev/null 2>"$work/check.err"
    a=$?
    rm -rf "$work/out"
    "$ncsc" "$f" -o "$work/out" >/dev/null 2>"$work/o.err"
    b=$?
    if [ "$a" != "$b" ] || ! cmp -s "$work/check.err" "$work/o.err"; then
        echo "FAIL $f: --check exit $a, -o exit $b; messages:"
        diff "$work/check.err" "$work/o.err"
        fail=1
    fi
    if [ -d "$work/out" ] && [ -n "$(ls -A "$work/out")" ]; then
        echo "FAIL $f: -o wrote $(ls -A "$work/out")"
        fail=1
    fi
done
[ "$n" -gt 100 ] || { echo "FAIL: only $n bad inputs found"; fail=1; }
[ $fail = 0 ] && echo "ok: -o refuses the $n bad inputs as --check does"
exit $fail
