#!/bin/sh
# measure.sh [BUILD_DIR] [REPS] - prints the code generator measurements:
# per scene and formulation, the default build against the forced-dynamic
# and no-single-side variants (LCP sizes, pivots, time per step).
set -eu
build=${1:-build}
reps=${2:-20}
for exe in "$build"/bin/bench_codegen_*_default; do
    base=${exe%_default}
    for v in default dynamic nosingle; do
        printf '%-48s %s\n' "$(basename "$base")_$v" "$("${base}_$v" "$reps")"
    done
done
