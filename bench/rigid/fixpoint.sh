#!/bin/sh
# fixpoint.sh BUILD_DIR - deepest penetration and LCP solves per step of
# the energy scene, the rigid examples and Fig. 1 with the fixpoint
# iteration (seed 002) capped at 1 (off), 2, 4 and 8 solves, with and
# without the position projection. Prints one line per run.
set -eu
bin=$1/bin
for sc in energy fig1 ledge rod stack tiles tip valley wall_corner; do
    for proj in off on; do
        for it in 1 2 4 8; do
            printf '%-11s projection %-3s ' "$sc" "$proj"
            "$bin/bench_rigid_${sc}_probe_${proj}" --fixpoint "$it" 1e-6 | sed 's/, largest one-step.*//'
        done
    done
done
