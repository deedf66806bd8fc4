#!/bin/sh
# prop.sh RUN CHECK GEN SEED FIRST COUNT FORMULATION WORKDIR [KNOWN [FAMILY]]
#
# The randomized trust test (issue 16): trust_gen writes scenes FIRST ..
# FIRST+COUNT-1 of SEED, each runs under FORMULATION with trust_run (its
# expectation `every step solved` checked; with friction every LCP dumped)
# and trust_check checks the run with code independent of the runtime:
# depth against the union of the obstacles and against the other bodies,
# the energy law where it applies, the discrete Coulomb law in the dumped
# LCPs. Prints one line per failed scene (how to make it again), the worst
# values measured over all scenes, and fails when any scene failed. A
# failed case's files stay in WORKDIR/fail/.
#
# KNOWN lists engine defects the test has found, a line `SEED INDEX
# FORMULATION SCENE` each (SCENE: the minimal scene in scenes/ that shows
# the defect as a test of its own, failing until the engine is fixed). Such
# a case is reported as known and does not fail this test; a known case
# that passes does (take it off the list).
#
# FAMILY `piles` runs trust_gen's small piles (boxes at random angles in
# a bin, discs and boxes, L-shaped bodies on teeth, pyramids and columns
# that must rest, pours into a V cup; KNOWN lines `SEED pINDEX ...`).
#
# FAMILY `rounding` runs trust_gen's scenes of features at rounding scale
# (turned tile rows, nearly flat tops, bodies at rest at vertices and on
# seams, bodies sliding into a box on a seam, turning boxes); their scenes
# carry the checker's `glide` and `rest` lines. KNOWN lines then name
# `SEED rINDEX FORMULATION SCENE`.
set -u
run=$1 check=$2 gen=$3 seed=$4 first=$5 count=$6 form=$7 work=$8 known=${9:-/dev/null}
family=${10:-}
rm -rf "$work" && mkdir -p "$work/scenes" "$work/fail" || exit 2
"$gen" "$seed" "$first" "$count" "$work/scenes" $family
rc=$?
if [ $rc -ne 0 ]; then
    echo "prop.sh: trust_gen exited with status $rc"
    exit 2
fi
n=0 failed=0 fric=0 nknown=0
: > "$work/summary"
for scene in "$work"/scenes/*.ncs; do
    name=$(basename "$scene" .ncs)
    case_dir=$work/case
    rm -rf "$case_dir" && mkdir -p "$case_dir" || exit 2
    n=$((n + 1))
    if grep -q 'friction = ' "$scene"; then
        fric=$((fric + 1))
        "$run" "$scene" --formulation "$form" --csv "$case_dir/run.csv" --quiet --check \
            --dump-lcp "$case_dir/lcp" > "$case_dir/run.out" 2>&1
        rc=$?
        "$check" "$scene" "$case_dir/run.csv" --formulation "$form" --lcp "$case_dir/lcp" \
            --label "$name/$form" > "$case_dir/check.out" 2>&1
        rc2=$?
    else
        "$run" "$scene" --formulation "$form" --csv "$case_dir/run.csv" --quiet --check \
            > "$case_dir/run.out" 2>&1
        rc=$?
        "$check" "$scene" "$case_dir/run.csv" --formulation "$form" --label "$name/$form" \
            > "$case_dir/check.out" 2>&1
        rc2=$?
    fi
    grep '^trust: ' "$case_dir/check.out" | tail -n 1 >> "$work/summary"
    index=${name%%-*}
    index=$(expr "$index" + 0)
    [ -n "$family" ] && index=$(expr "$family" : '\(.\)')$index    # r12, p12
    defect=$(awk -v s="$seed" -v i="$index" -v f="$form" \
                 '$1 == s && $2 == i && $3 == f { print $4 }' "$known")
    if [ -n "$defect" ]; then
        if [ $rc -ne 0 ] || [ $rc2 -ne 0 ]; then
            nknown=$((nknown + 1))
            echo "prop.sh: known defect $name/$form (scenes/$defect):" \
                 "$(grep FAIL "$case_dir/check.out" | head -n 1)"
        else
            failed=$((failed + 1))
            echo "prop.sh: FAIL $name/$form is listed in $known as a defect but passes"
        fi
    elif [ $rc -ne 0 ] || [ $rc2 -ne 0 ]; then
        failed=$((failed + 1))
        echo "prop.sh: FAIL $name/$form (simulator status $rc, checker status $rc2;" \
             "trust_gen $seed ${name%%-*} 1 DIR $family makes the scene again):"
        sed 's/^/    /' "$case_dir/run.out" | head -n 5
        grep -v '^trust: [^:]*: [0-9]* steps' "$case_dir/check.out" | sed 's/^/    /' | head -n 5
        mkdir -p "$work/fail/$name" && cp "$scene" "$case_dir/run.out" "$case_dir/check.out" \
            "$work/fail/$name/"
    fi
done
rm -rf "$work/case"
# the worst values over all scenes (from the checker's summary lines)
awk -v n="$n" -v fric="$fric" -v failed="$failed" -v form="$form" -v known="$nknown" '
    { for (i = 1; i <= NF; i++) {
          if ($i == "deepest") { d = $(i + 1) + 0; if (d > depth) { depth = d; dw = $2; sub(/:$/, "", dw) } }
          if ($i == "gain") { g = $(i + 1) + 0; ng++; if (g > gain) { gain = g; gw = $2; sub(/:$/, "", gw) } }
          if ($i == "LCPs,") lcps += $(i - 1)
          if ($i == "friction" && $(i + 1) == "contacts,") con += $(i - 1)
          if ($i == "sliding;") sl += $(i - 1)
      } }
    END { printf "prop.sh: %s: %d scenes (%d with friction), %d failed, %d known defects;" \
                 " deepest %.3g (%s);" \
                 " %d scenes under the energy law, largest one-step gain %.3g (%s);" \
                 " %d LCPs with %d friction contacts (%d sliding) checked for Coulomb\n",
                 form, n, fric, failed, known, depth, dw, ng, gain, gw, lcps, con, sl }' \
    "$work/summary"
[ "$n" -eq "$count" ] || { echo "prop.sh: $n scenes run, $count wanted"; exit 1; }
[ $failed -eq 0 ]
