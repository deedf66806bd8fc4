#!/bin/sh
# run.sh BUILD_DIR [SEED [COUNT [JOBS]]] - the randomized trust test at
# scale: COUNT (default 1000) scenes of trust_gen's seed SEED (default 2026)
# under each of the five formulations (5 COUNT runs), JOBS (default 2)
# formulations at a time, each checked by trust_check as in the suite's
# trust.prop.* (tests/trust/prop.sh). Prints prop.sh's summary line per
# formulation (scenes, failures, deepest end-of-step penetration, largest
# one-step energy gain under the energy law, Coulomb checks) and every
# failed scene (the engine defects of tests/trust/known-defects.txt as
# known), and the wall time. The failed cases' files stay in
# BUILD_DIR/bench-trust/FORMULATION/fail. Exit status 1 when a scene failed.
set -u
build=$1 seed=${2:-2026} count=${3:-1000} jobs=${4:-2}
here=$(cd "$(dirname "$0")" && pwd)
prop=$here/../../tests/trust/prop.sh
bin=$build/bin
for p in trust_run trust_check trust_gen; do
    [ -x "$bin/$p" ] || { echo "run.sh: $bin/$p missing (make $p)"; exit 2; }
done
out=$build/bench-trust
mkdir -p "$out" || exit 2
start=$(date +%s)
printf '%s\n' stewart max summation diff diff-accurate |
    xargs -P "$jobs" -I FORM sh -c \
        'sh "$1" "$2/trust_run" "$2/trust_check" "$2/trust_gen" "$3" 0 "$4" FORM "$5/FORM" \
             "$6" > "$5/FORM.log" 2>&1; echo $? > "$5/FORM.status"' \
        sh "$prop" "$bin" "$seed" "$count" "$out" "$here/../../tests/trust/known-defects.txt"
rc=0
for form in stewart max summation diff diff-accurate; do
    grep -v '^    ' "$out/$form.log"
    st=$(cat "$out/$form.status" 2>/dev/null || echo missing)
    [ "$st" = 0 ] || rc=1
done
echo "run.sh: seed $seed, $count scenes x 5 formulations, $jobs at a time:" \
     "$(( $(date +%s) - start )) s"
exit $rc
