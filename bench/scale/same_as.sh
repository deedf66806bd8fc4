#!/bin/sh
# same_as.sh OLD_NCSC NEW_NCSC [WORK] - compiles every scene of examples/
# (and the scenes under tests/ that ncsc accepts) with both compilers
# (`ncsc -o`, the host target, and `--target embedded` for the examples) and
# compares the generated files byte for byte: the check that a change to
# the compiler's speed changed no output (docs/performance.md, "Vertices").
# Run from the source tree. Exit status 0 when every file is identical, 1
# when one differs or one compiler accepts a scene the other rejects.
set -u
old=$1 new=$2 work=${3:-${TMPDIR:-/tmp}/ncs-same-as}
rm -rf "$work"
mkdir -p "$work" || exit 1
n=0 bad=0 skipped=0
for scene in examples/*.ncs examples/paper/*.ncs examples/rigid/*.ncs \
             tests/codegen/scenes/*.ncs tests/geometry/dynamic/*.ncs \
             tests/trust/scenes/*.ncs tests/joints/scenes/*.ncs; do
    [ -f "$scene" ] || continue
    case $scene in examples/*) targets="host embedded" ;; *) targets=host ;; esac
    for target in $targets; do
        d=$work/$(echo "$scene" | tr / _)-$target
        mkdir -p "$d/old" "$d/new" || exit 1
        "$old" --target "$target" -o "$d/old" "$scene" >"$d/old.log" 2>&1
        so=$?
        "$new" --target "$target" -o "$d/new" "$scene" >"$d/new.log" 2>&1
        sn=$?
        if [ "$so" -ne "$sn" ]; then
            echo "DIFFERS: $scene ($target): exit $so before, $sn after" >&2
            bad=$((bad + 1))
            continue
        fi
        if [ "$so" -ne 0 ]; then
            skipped=$((skipped + 1))
            continue
        fi
        if ! diff -r "$d/old" "$d/new" >/dev/null; then
            echo "DIFFERS: $scene ($target)" >&2
            bad=$((bad + 1))
            continue
        fi
        n=$((n + 1))
    done
done
echo "same_as: $n compiles identical, $bad differing, $skipped rejected by both"
[ "$bad" -eq 0 ]
