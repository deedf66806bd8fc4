#!/bin/sh
# dump_check.sh LCPCHECK SIM DIR [REF.dat]
# Runs the simulator SIM with --dump-lcp DIR, then checks every dumped LCP
# with lcpcheck --z (reference reassembly + verified z); with REF.dat the
# first step's LCP must also equal REF (the paper's matrices) within 1e-12.
set -eu
check=$1 sim=$2 dir=$3 ref=${4:-}
rm -rf "$dir"
mkdir -p "$dir"
"$sim" --dump-lcp "$dir" --quiet
set -- "$dir"/*.dat
[ -f "$1" ] || { echo "no LCP was dumped into $dir" >&2; exit 1; }
"$check" --z "$@"
if [ -n "$ref" ]; then
    "$check" --expect "$ref" "$dir"/step-000001.dat
fi
echo "checked $# LCP(s)"
