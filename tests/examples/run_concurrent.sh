#!/bin/sh
# run_concurrent.sh NCSC WORK SCENE
# Several `ncsc run` of one scene in one folder at once, with different
# --formulation values, never share a build: each run's CSV and exit
# status are exactly those of the same run made alone (a run that got a
# simulator built for another formulation would differ: the test first
# checks that the formulations give different CSVs). Afterwards the run
# directory holds one complete set of published files and no private
# build directory.
set -u
ncsc=$1 work=$2 scene=$3
forms="stewart max summation diff"
steps=400
rm -rf "$work"
mkdir -p "$work/alone" "$work/together"
fail() { echo "run_concurrent: $*" >&2; exit 1; }

# one run at a time: the reference of each formulation
for f in $forms; do
    (cd "$work/alone" && "$ncsc" run --formulation "$f" "$scene" --steps $steps \
        --csv "$f.csv" --quiet 2>"$f.err")
    echo $? >"$work/alone/$f.status"
    [ -s "$work/alone/$f.csv" ] || fail "$f alone: no CSV: $(cat "$work/alone/$f.err")"
done
for f in $forms; do
    for g in $forms; do
        [ "$f" = "$g" ] && continue
        cmp -s "$work/alone/$f.csv" "$work/alone/$g.csv" &&
            fail "$f and $g give the same CSV: this scene cannot tell the builds apart"
    done
done

# all at once, twice each, both option spellings, in one folder
pids=""
for k in 1 2; do
    for f in $forms; do
        if [ $k = 1 ]; then opt="--formulation $f"; else opt="--formulation=$f"; fi
        # shellcheck disable=SC2086
        (cd "$work/together" && "$ncsc" run $opt "$scene" --steps $steps \
            --csv "$f-$k.csv" --quiet 2>"$work/together/$f-$k.err"
         echo $? >"$work/together/$f-$k.status") &
        pids="$pids $!"
    done
done
for p in $pids; do
    wait "$p" || fail "a background shell failed"
done
for k in 1 2; do
    for f in $forms; do
        want=$(cat "$work/alone/$f.status")
        got=$(cat "$work/together/$f-$k.status")
        [ "$got" = "$want" ] ||
            fail "$f (run $k): exit status $got, alone $want: $(cat "$work/together/$f-$k.err")"
        cmp -s "$work/alone/$f.csv" "$work/together/$f-$k.csv" ||
            fail "$f (run $k): the CSV differs from the run alone (a simulator of other options?)"
    done
done

# the published set: complete, one formulation, no private directories left
prefix=$(sed -n 's/^scene[ \t]*\([A-Za-z0-9_]*\).*/\1/p' "$scene" | head -n 1)
dir="$work/together/.ncs-run/$prefix"
for suf in .h .c _main.c ""; do
    [ -s "$dir/$prefix$suf" ] || fail "$dir/$prefix$suf was not published"
done
[ -x "$dir/$prefix" ] || fail "$dir/$prefix is not executable"
left=$(find "$dir" -name '.run-*')
[ -z "$left" ] || fail "private build directories left: $left"
grep -q "formulation \(stewart\|max\|summation\|diff\))" "$dir/$prefix.h" ||
    fail "the published header names no formulation"
echo "8 concurrent ncsc run: each as alone; $(sed -n 's/.*(formulation \(.*\))\./\1/p' "$dir/$prefix.h" | head -n 1) published last"
