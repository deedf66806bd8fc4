#!/bin/sh
# inproc.sh SIM RUN SCENE FORMULATION WORKDIR - the generated simulator SIM
# of SCENE (ncsc, FORMULATION) and trust_run's in-memory descriptor of it
# write the same CSV byte for byte, so what the trust suite runs is what a
# user's simulator runs.
set -u
sim=$1 run=$2 scene=$3 form=$4 work=$5
rm -rf "$work" && mkdir -p "$work" || exit 2
"$sim" --csv "$work/sim.csv" --quiet --no-check
rc=$?
[ $rc -eq 0 ] || { echo "inproc.sh: the simulator exited with status $rc"; exit 1; }
"$run" "$scene" --formulation "$form" --csv "$work/run.csv" --quiet --no-check
rc=$?
[ $rc -eq 0 ] || { echo "inproc.sh: trust_run exited with status $rc"; exit 1; }
n=$(wc -l < "$work/sim.csv")
if ! cmp "$work/sim.csv" "$work/run.csv"; then
    echo "inproc.sh: $scene ($form): trust_run's CSV differs from the simulator's"
    exit 1
fi
[ "$n" -gt 2 ] || { echo "inproc.sh: the CSV has $n lines"; exit 1; }
echo "inproc.sh: $scene ($form): the same $n lines"
