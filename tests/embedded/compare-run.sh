#!/bin/sh
# compare-run.sh - runs the same program built for the host and as firmware
# on QEMU, and compares their outputs with numcmp.
#
#   compare-run.sh -n NUMCMP -r RUNQEMU -d OUTDIR [-t RTOL] [-a ATOL]
#                  [-m MACHINE] HOST-EXE FIRMWARE-ELF
#
# Writes OUTDIR/host.txt and OUTDIR/firmware.txt. Passes when both runs
# exit 0 and numcmp -r RTOL -a ATOL accepts the outputs.
#
# Exit status: 0 pass; 1 a run failed or the outputs differ; 2 bad usage.
set -u

numcmp='' runqemu='' outdir='' rtol=1e-9 atol=0 machine=mps2-an386
usage() {
    echo "usage: compare-run.sh -n NUMCMP -r RUNQEMU -d OUTDIR [-t RTOL] [-a ATOL] [-m MACHINE] HOST-EXE ELF" >&2
    exit 2
}
while getopts n:r:d:t:a:m: opt; do
    case $opt in
    n) numcmp=$OPTARG ;;
    r) runqemu=$OPTARG ;;
    d) outdir=$OPTARG ;;
    t) rtol=$OPTARG ;;
    a) atol=$OPTARG ;;
    m) machine=$OPTARG ;;
    *) usage ;;
    esac
done
shift $((OPTIND - 1))
if [ $# -ne 2 ] || [ -z "$numcmp" ] || [ -z "$runqemu" ] || [ -z "$outdir" ]; then
    usage
fi
host=$1
elf=$2

mkdir -p "$outdir" || exit 2
"$host" >"$outdir/host.txt"
hs=$?
sh "$runqemu" -m "$machine" -t 60 -o "$outdir/firmware.txt" "$elf"
fs=$?
echo "compare-run: host exit $hs, firmware exit $fs"
if [ $hs -ne 0 ] || [ $fs -ne 0 ]; then
    echo "compare-run: a run failed; outputs in $outdir"
    tail -n 3 "$outdir/host.txt" "$outdir/firmware.txt"
    exit 1
fi
"$numcmp" -r "$rtol" -a "$atol" "$outdir/host.txt" "$outdir/firmware.txt" || exit 1
exit 0
