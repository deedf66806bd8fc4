#!/bin/sh
# dump_check.sh LCPCHECK SIM DIR [REF.dat|-] [SIM_ARGS...]
# Runs the simulator SIM with --dump-lcp DIR (and SIM_ARGS), which must
# succeed (exit status 0: every step solved, the scene's expectations held
# unless SIM_ARGS has --no-check), then checks every dumped LCP with
# lcpcheck --z: B and b assembled again from their contact-space data by
# lcpcheck's own rows of ncs/layout.h (1e-14), and a verified z. With
# REF.dat the first step's LCP must also equal REF (the paper's matrices)
# within 1e-12.
set -u
check=$1 sim=$2 dir=$3 ref=${4:--}
[ $# -ge 4 ] && shift 4 || shift 3
rm -rf "$dir"
mkdir -p "$dir" || exit 2
"$sim" --dump-lcp "$dir" --quiet "$@"
rc=$?
[ $rc -eq 0 ] || { echo "the simulator failed (exit status $rc)" >&2; exit 1; }
set -- "$dir"/*.dat
[ -f "$1" ] || { echo "no LCP was dumped into $dir" >&2; exit 1; }
"$check" --z "$@" || exit 1
if [ "$ref" != - ]; then
    "$check" --expect "$ref" "$dir"/step-000001.dat || exit 1
fi
echo "checked $# LCP(s)"
