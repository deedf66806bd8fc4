#!/bin/sh
# capacity.sh SIM - the island capacity is reported as a failed step that
# names the step and the body, and the run exits 1.
set -u
out=$("$1" --quiet 2>&1)
rc=$?
echo "$out"
[ "$rc" -eq 1 ] || { echo "exit status $rc, expected 1" >&2; exit 1; }
echo "$out" | grep -q "capacity.ncs: step [0-9]* failed: capacity exceeded (body box)" ||
    { echo "capacity failure message missing" >&2; exit 1; }
