#!/bin/sh
# run_case.sh RUN CHECK SCENE FORMULATION WORKDIR [lcp] [no-check]
#
# One case of the trust suite: runs SCENE under FORMULATION with trust_run
# (the scene's own expectations checked, unless no-check: stewart's virtual
# edges may change where a body ends), writing the CSV (and with `lcp` every
# LCP) into WORKDIR, then checks the run with trust_check. Fails when
# either fails: a failed step, a failed expectation, a violated law.
set -u
run=$1 check=$2 scene=$3 form=$4 work=$5
shift 5
lcp=0 exp=--check
for opt in "$@"; do
    case $opt in
    lcp) lcp=1 ;;
    no-check) exp=--no-check ;;
    *) echo "run_case.sh: unknown option '$opt'" >&2; exit 2 ;;
    esac
done
name=$(basename "$scene" .ncs)
rm -rf "$work" && mkdir -p "$work" || exit 2
if [ $lcp = 1 ]; then
    "$run" "$scene" --formulation "$form" --csv "$work/run.csv" --quiet $exp --dump-lcp "$work/lcp"
    rc=$?
    "$check" "$scene" "$work/run.csv" --formulation "$form" --lcp "$work/lcp" --label "$name/$form"
    rc2=$?
else
    "$run" "$scene" --formulation "$form" --csv "$work/run.csv" --quiet $exp
    rc=$?
    "$check" "$scene" "$work/run.csv" --formulation "$form" --label "$name/$form"
    rc2=$?
fi
[ $rc -ne 0 ] && echo "run_case.sh: $name/$form: the simulator exited with status $rc"
# a passing case leaves nothing behind (LCP dumps of long runs are large)
[ $rc -eq 0 ] && [ $rc2 -eq 0 ] && rm -rf "$work" && exit 0
exit 1
