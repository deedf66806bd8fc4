#!/bin/sh
# o_concurrent.sh NCSC SCENE WORKDIR [ROUNDS]
# `ncsc -o DIR` is atomic per folder (issue 28): JOBS compiles of one scene
# into one folder at once, with --formulation max and summation mixed in
# each round, all exit 0 (none fails for another's sake), no temporary or
# moved-aside file is left, and after each round the folder holds one run's
# complete set: every file is that of the formulation the header names.
# Measured before the folder lock (8 jobs x 20 rounds): mixed sets and
# "cannot move the old ... aside" failures within the first rounds.
set -u
ncsc=$1 scene=$2 work=$3 rounds=${4:-20}
jobs=8
fail() { echo "FAIL o_concurrent: $*"; exit 1; }
rm -rf "$work"
mkdir -p "$work/out" || exit 2
prefix=$(sed -n 's/^scene[ \t]*\([A-Za-z0-9_]*\).*/\1/p' "$scene" | head -n 1)
[ -n "$prefix" ] || fail "no scene name in $scene"

# what each formulation writes alone: the header names it, and the two
# sets differ in the header and the source (so a mix would show)
for f in max summation; do
    "$ncsc" --formulation "$f" "$scene" -o "$work/$f" 2>"$work/$f.err" ||
        fail "$f alone: exit status $?: $(cat "$work/$f.err")"
    grep -q "formulation $f" "$work/$f/$prefix.h" || fail "$f: the header does not name it"
done
for suf in .h .c; do
    cmp -s "$work/max/$prefix$suf" "$work/summation/$prefix$suf" &&
        fail "max and summation write the same $prefix$suf: a mix could not be seen"
done

r=0
while [ $r -lt "$rounds" ]; do
    pids="" k=0
    while [ $k -lt $jobs ]; do
        if [ $(( (k + r) % 2 )) = 0 ]; then f=max; else f=summation; fi
        ("$ncsc" --formulation "$f" "$scene" -o "$work/out" 2>"$work/err-$k"
         echo $? >"$work/status-$k") &
        pids="$pids $!"
        k=$((k + 1))
    done
    for p in $pids; do
        wait "$p" || fail "round $r: a background shell failed"
    done
    k=0
    while [ $k -lt $jobs ]; do
        st=$(cat "$work/status-$k")
        [ "$st" = 0 ] || fail "round $r, job $k: exit status $st: $(cat "$work/err-$k")"
        k=$((k + 1))
    done
    h=$(sed -n 's/.*formulation \(max\|summation\)\b.*/\1/p' "$work/out/$prefix.h" | head -n 1)
    [ -n "$h" ] || fail "round $r: the header names no formulation"
    for suf in .c _main.c; do
        cmp -s "$work/out/$prefix$suf" "$work/$h/$prefix$suf" ||
            fail "round $r: $prefix$suf is not that of the header's formulation ($h): a mixed set"
    done
    cmp -s "$work/out/$prefix.h" "$work/$h/$prefix.h" || fail "round $r: the header differs"
    left=$(ls -A "$work/out" | grep -v "^$prefix\(\.h\|\.c\|_main\.c\)\$")
    [ -z "$left" ] || fail "round $r: left in the folder: $left"
    r=$((r + 1))
done
echo "ok o_concurrent: $rounds rounds of $jobs concurrent ncsc -o, one complete set each"
