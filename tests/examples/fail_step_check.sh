#!/bin/sh
# fail_step_check.sh SIM NCS_LCP WORK
# A failed step stops the run with a message naming the step, the status
# and the file holding that step's LCP: ./<prefix>-fail-step-NNNNNN.dat
# without --dump-lcp, DIR/step-NNNNNN.dat with it. The file is a valid
# .dat that ncs-lcp reads (and also fails to solve).
set -u
sim=$1 lcp=$2 work=$3
fail() { echo "fail_step_check: $*" >&2; exit 1; }
rm -rf "$work"
mkdir -p "$work/dump"
cd "$work" || exit 1
prefix=$(basename "$sim")

"$sim" --quiet 2>err.txt
rc=$?
cat err.txt
[ "$rc" -eq 1 ] || fail "exit status $rc, expected 1"
grep -q "overflow.ncs: step 1 failed: LCP not solved (body p, solver status [a-z-]*); its LCP was written to ./$prefix-fail-step-000001.dat" err.txt ||
    fail "message does not name the step, status and file"
[ -s "$prefix-fail-step-000001.dat" ] || fail "no LCP file written"
# the file's own size (first line) and layout line, then ncs-lcp reads it
# at that size and cannot solve it either
m=$(head -n 1 "$prefix-fail-step-000001.dat")
case $m in ''|*[!0-9]*) fail "the file does not start with the LCP size: '$m'" ;; esac
[ "$m" -gt 0 ] || fail "an empty LCP was written"
grep -q '^ncs-layout: form=max ' "$prefix-fail-step-000001.dat" || fail "no max layout line in the file"
grep -q '^ncs-z: status=[1-9]' "$prefix-fail-step-000001.dat" || fail "the file does not record the failed status"
"$lcp" "$prefix-fail-step-000001.dat" >lcp.txt 2>&1
grep -q "fail-step-000001.dat $m " lcp.txt || fail "ncs-lcp cannot read it: $(cat lcp.txt)"
grep -q "fail-step-000001.dat $m solved " lcp.txt && fail "ncs-lcp solved it: $(cat lcp.txt)"

"$sim" --quiet --dump-lcp dump 2>err.txt
[ $? -eq 1 ] || fail "--dump-lcp: exit status not 1"
grep -q "its LCP was written to dump/step-000001.dat" err.txt || fail "--dump-lcp: $(cat err.txt)"
[ -s dump/step-000001.dat ] || fail "--dump-lcp: no file"
echo "failed step reported with its LCP"
