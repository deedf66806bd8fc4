#!/bin/sh
# scene_lcps.sh NCSC NCS_LCP EXAMPLES_DIR WORK_DIR [STEPS] - the solver on
# LCPs of compiled scenes: every example scene (point masses and rigid
# bodies) is compiled and run by `ncsc run` under each of the five
# formulations with --dump-lcp, and every dumped LCP is solved again,
# cold, by ncs-lcp. Prints the counts per formulation; fails unless every
# simulator ran to its end and every dumped LCP was solved.
set -u
ncsc=$1 tool=$2 examples=$3 work=$4 steps=${5:-150}
fail=0
rm -rf "$work"
mkdir -p "$work" || exit 2
for form in stewart max summation diff diff-accurate; do
    scenes=0 files=0 solved=0
    for scene in "$examples"/*.ncs "$examples"/rigid/*.ncs; do
        [ -f "$scene" ] || continue
        name=$(basename "$scene" .ncs)
        case $scene in */rigid/*) name=rigid-$name ;; esac
        dir=$work/$form/$name
        mkdir -p "$dir"
        NCS_RUN_DIR=$work/run/$form-$name "$ncsc" run --formulation "$form" "$scene" \
            --steps "$steps" --dump-lcp "$dir" --quiet --no-check >"$work/$form-$name.log" 2>&1
        rc=$?
        scenes=$((scenes + 1))
        if [ $rc -ne 0 ]; then
            echo "FAIL: $name under $form: simulator exit $rc"
            sed 's/^/    /' "$work/$form-$name.log" | head -5
            fail=1
        fi
        n=$(find "$dir" -name '*.dat' | wc -l)
        [ "$n" -gt 0 ] || continue
        find "$dir" -name '*.dat' | sort >"$work/list" || { echo "FAIL: listing $dir"; exit 1; }
        out=$(xargs "$tool" <"$work/list" 2>/dev/null)
        trc=$?
        if [ $trc -ne 0 ]; then
            echo "FAIL: $name under $form: ncs-lcp exit $trc"
            fail=1
        fi
        ok=$(printf '%s\n' "$out" | awk '$3 == "solved"' | wc -l)
        files=$((files + n))
        solved=$((solved + ok))
        if [ "$ok" -ne "$n" ]; then
            echo "FAIL: $name under $form: $((n - ok)) of $n dumped LCPs not solved"
            printf '%s\n' "$out" | awk '$3 != "solved"' | head -3 | sed 's/^/    /'
            fail=1
        fi
    done
    echo "$form: scenes=$scenes lcps=$files solved=$solved"
    [ "$files" -gt 0 ] || { echo "FAIL: $form: no LCP dumped"; fail=1; }
done
exit $fail
