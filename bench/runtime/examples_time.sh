#!/bin/bash
# examples_time.sh - wall time of every example's simulator run under every
# formulation, for one or more ncsc builds (e.g. before and after a change):
#
#   bench/runtime/examples_time.sh NCSC [NCSC2 ...]
#
# Each simulator is built once per ncsc (`ncsc run --steps 0`, in a run
# directory of its own), then run ROUNDS times (default 5) with --quiet
# --no-check, the builds alternated within each round so that load moves
# them alike; the smallest time of the rounds is printed in ms, one column
# per ncsc. Run from the source tree. Reports numbers; asserts nothing.
set -e
[ $# -ge 1 ] || { echo "usage: $0 NCSC [NCSC2 ...]" >&2; exit 2; }
rounds=${ROUNDS:-5}
work=${TMPDIR:-/tmp}/ncs-examples-time
mkdir -p "$work"
now() { date +%s%N; }
printf "%-44s" scene-formulation
for n in "$@"; do printf " %10s" "ms$((++k))"; done
echo
total=()
for f in examples/*.ncs examples/rigid/*.ncs examples/paper/*.ncs; do
    for F in stewart max summation diff diff-accurate; do
        exes=()
        i=0
        for n in "$@"; do
            dir="$work/b$i-$(echo "$f" | tr / _)-$F"
            rm -rf "$dir"
            NCS_RUN_DIR="$dir" "$n" run --formulation "$F" "$f" --steps 0 --quiet > /dev/null 2>&1 || true
            exes+=("$(ls -d "$dir"/*/ | head -n 1)")
            i=$((i + 1))
        done
        best=()
        for ((r = 0; r < rounds; r++)); do
            for ((i = 0; i < $#; i++)); do
                e="${exes[$i]}"
                exe="$e$(basename "$e")"
                t0=$(now)
                "$exe" --quiet --no-check > /dev/null 2>&1 || true
                t=$(( ($(now) - t0) / 1000 ))
                if [ -z "${best[$i]}" ] || [ "$t" -lt "${best[$i]}" ]; then best[$i]=$t; fi
            done
        done
        printf "%-44s" "$f-$F"
        for ((i = 0; i < $#; i++)); do
            printf " %10.1f" "$(echo "${best[$i]} / 1000" | bc -l)"
            total[$i]=$(( ${total[$i]:-0} + ${best[$i]} ))
        done
        echo
    done
done
printf "%-44s" total
for ((i = 0; i < $#; i++)); do printf " %10.1f" "$(echo "${total[$i]} / 1000" | bc -l)"; done
echo
