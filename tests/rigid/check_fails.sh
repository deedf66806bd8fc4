#!/bin/sh
# check_fails.sh SIM PATTERN [ARG...] - SIM --check [ARG...] must exit 1
# and report exactly one failed expectation, matching PATTERN (grep).
set -u
sim=$1 pattern=$2
shift 2
out=$("$sim" --check --quiet "$@" 2>&1)
rc=$?
echo "$out"
[ "$rc" -eq 1 ] || { echo "exit status $rc, expected 1" >&2; exit 1; }
[ "$(echo "$out" | grep -c 'expectation failed')" -eq 1 ] ||
    { echo "expected exactly one failed expectation" >&2; exit 1; }
echo "$out" | grep -q -- "$pattern" || { echo "message missing: $pattern" >&2; exit 1; }
