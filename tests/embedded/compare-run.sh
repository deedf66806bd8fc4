#!/bin/sh
# compare-run.sh - runs the same program built for the host and as firmware
# on QEMU, and compares their outputs with numcmp.
#
#   compare-run.sh -n NUMCMP -r RUNQEMU -d OUTDIR [-t RTOL] [-a ATOL]
#                  [-m MACHINE] [-x HOST-ARGS] [-c [-f FIELDS]] HOST-EXE FIRMWARE-ELF
#
# Writes OUTDIR/host.txt and OUTDIR/firmware.txt. Passes when both runs
# exit 0 and numcmp -r RTOL -a ATOL accepts the outputs. -x passes
# HOST-ARGS (split at spaces) to the host program; -c compares CSV output:
# commas become spaces first, so that each field is compared on its own;
# -f keeps only the CSV fields FIELDS (a `cut -f` list, e.g. 1,3-9: the
# state without the solver's pivot counts) of both outputs.
#
# Exit status: 0 pass; 1 a run failed or the outputs differ; 2 bad usage.
set -u
# shellcheck source=/dev/null
. "$(dirname "$0")/to-cmp.sh"

numcmp='' runqemu='' outdir='' rtol=1e-9 atol=0 machine=mps2-an386 hostargs='' csv=0 fields=
usage() {
    echo "usage: compare-run.sh -n NUMCMP -r RUNQEMU -d OUTDIR [-t RTOL] [-a ATOL] [-m MACHINE] [-x HOST-ARGS] [-c [-f FIELDS]] HOST-EXE ELF" >&2
    exit 2
}
while getopts n:r:d:t:a:m:x:cf: opt; do
    case $opt in
    n) numcmp=$OPTARG ;;
    r) runqemu=$OPTARG ;;
    d) outdir=$OPTARG ;;
    t) rtol=$OPTARG ;;
    a) atol=$OPTARG ;;
    m) machine=$OPTARG ;;
    x) hostargs=$OPTARG ;;
    c) csv=1 ;;
    f) fields=$OPTARG ;;
    *) usage ;;
    esac
done
shift $((OPTIND - 1))
if [ $# -ne 2 ] || [ -z "$numcmp" ] || [ -z "$runqemu" ] || [ -z "$outdir" ] ||
    { [ -n "$fields" ] && [ $csv -eq 0 ]; }; then
    usage
fi
host=$1
elf=$2

mkdir -p "$outdir" || exit 2
# shellcheck disable=SC2086
"$host" $hostargs >"$outdir/host.txt"
hs=$?
sh "$runqemu" -m "$machine" -t 60 -o "$outdir/firmware.txt" "$elf"
fs=$?
echo "compare-run: host exit $hs, firmware exit $fs"
if [ $hs -ne 0 ] || [ $fs -ne 0 ]; then
    echo "compare-run: a run failed; outputs in $outdir"
    tail -n 3 "$outdir/host.txt" "$outdir/firmware.txt"
    exit 1
fi
if [ $csv -eq 1 ]; then
    for f in host firmware; do
        to_cmp "$fields" "$outdir/$f.txt" "$outdir/$f.cmp" || exit 1
    done
    "$numcmp" -r "$rtol" -a "$atol" "$outdir/host.cmp" "$outdir/firmware.cmp" || exit 1
else
    "$numcmp" -r "$rtol" -a "$atol" "$outdir/host.txt" "$outdir/firmware.txt" || exit 1
fi
exit 0
