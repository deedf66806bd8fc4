#!/bin/sh
# check_fails.sh SIM PATTERN - SIM --check must exit 1 and report exactly one
# failed expectation, matching PATTERN (grep).
set -u
out=$("$1" --check --quiet 2>&1)
rc=$?
echo "$out"
[ "$rc" -eq 1 ] || { echo "exit status $rc, expected 1" >&2; exit 1; }
[ "$(echo "$out" | grep -c 'expectation failed')" -eq 1 ] ||
    { echo "expected exactly one failed expectation" >&2; exit 1; }
echo "$out" | grep -q -- "$2" || { echo "message missing: $2" >&2; exit 1; }
