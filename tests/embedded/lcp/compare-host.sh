#!/bin/sh
# compare-host.sh [-c [-f FIELDS]] NUMCMP OUTDIR [NUMCMP-OPTIONS...] EXPECTED-CMD ACTUAL-CMD
# Runs two host commands (each a shell command line, run with sh -c),
# writes OUTDIR/expected.txt and OUTDIR/actual.txt and compares them with
# numcmp. -c: CSV output, commas become spaces before the comparison; -f
# keeps only the CSV fields FIELDS (a `cut -f` list, e.g. 1,3-6) of both.
# Passes when both exit 0 and numcmp accepts. Exit 1 otherwise, 2 on usage.
set -u
# shellcheck source=/dev/null
. "$(dirname "$0")/../to-cmp.sh"
csv=0 fields=
while [ $# -gt 0 ]; do
    case $1 in
    -c) csv=1 ;;
    -f) fields=${2:-}; shift ;;
    *) break ;;
    esac
    shift
done
if [ $# -lt 4 ] || { [ -n "$fields" ] && [ $csv -eq 0 ]; }; then
    echo "usage: compare-host.sh [-c [-f FIELDS]] NUMCMP OUTDIR [NUMCMP-OPTIONS...] EXPECTED-CMD ACTUAL-CMD" >&2
    exit 2
fi
numcmp=$1 outdir=$2
shift 2
opts=
while [ $# -gt 2 ]; do
    opts="$opts $1"
    shift
done
mkdir -p "$outdir" || exit 2
sh -c "$1" >"$outdir/expected.txt" || { echo "FAIL: '$1' exited with $?"; exit 1; }
sh -c "$2" >"$outdir/actual.txt" || { echo "FAIL: '$2' exited with $?"; exit 1; }
if [ $csv -eq 1 ]; then
    for f in expected actual; do
        to_cmp "$fields" "$outdir/$f.txt" "$outdir/$f.cmp" || exit 1
    done
    set -- "$outdir/expected.cmp" "$outdir/actual.cmp"
else
    set -- "$outdir/expected.txt" "$outdir/actual.txt"
fi
# shellcheck disable=SC2086
"$numcmp" $opts "$1" "$2" || exit 1
echo "match: $(wc -l <"$1") lines"
