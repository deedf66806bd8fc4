#!/bin/sh
# fw-example.sh - a generated example on QEMU against the host simulator.
#
#   fw-example.sh -n NUMCMP -r RUNQEMU -d OUTDIR -p PREFIX [-m MACHINE] [-q QEMU]
#                 [-N NM] [-s STEPS] -c FIELDS:RTOL:ATOL [-c ...] HOST-SIM [ARG...] ELF
#
# Runs HOST-SIM [ARG...] --csv - --quiet --no-check (the host simulator of
# the scene, double) into OUTDIR/host.csv and the firmware ELF (the example
# main of `ncsc --target embedded`) on QEMU with the stack probe into
# OUTDIR/firmware.csv (its stderr in OUTDIR/firmware.err). Passes when
#   - both exit 0 (the firmware's main stops at the first failed step),
#   - the probe's whole-run stack high-water is below the stack reserve
#     (a reserve used to its last word may have overflowed) and the heap's
#     high-water is within the heap (mps2.ld: both sized for the program),
#   - for each -c item, numcmp -r RTOL -a ATOL accepts the CSV fields FIELDS
#     (a `cut -f` list, or `all`) of both runs, rows of steps 0..STEPS only
#     with -s.
# Prints the program's RAM (__stack_top__ - 0x20000000: .data + .bss + heap
# + stack) and its state, sizeof(PREFIX_state) (symbol PREFIX_st), with -N.
#
# Exit status: 0 pass; 1 a run failed, a bound or a comparison failed; 2 bad usage.
set -u
# shellcheck source=/dev/null
. "$(dirname "$0")/to-cmp.sh"

numcmp='' runqemu='' outdir='' prefix='' machine=mps2-an386 qemu=${NCS_QEMU:-qemu-system-arm}
nm='' steps='' compares=''
usage() {
    echo "usage: fw-example.sh -n NUMCMP -r RUNQEMU -d OUTDIR -p PREFIX [-m MACHINE] [-q QEMU] [-N NM] [-s STEPS] -c FIELDS:RTOL:ATOL... HOST-SIM [ARG...] ELF" >&2
    exit 2
}
while getopts n:r:d:p:m:q:N:s:c: opt; do
    case $opt in
    n) numcmp=$OPTARG ;;
    r) runqemu=$OPTARG ;;
    d) outdir=$OPTARG ;;
    p) prefix=$OPTARG ;;
    m) machine=$OPTARG ;;
    q) qemu=$OPTARG ;;
    N) nm=$OPTARG ;;
    s) steps=$OPTARG ;;
    c) compares="$compares $OPTARG" ;;
    *) usage ;;
    esac
done
shift $((OPTIND - 1))
if [ $# -lt 2 ] || [ -z "$numcmp" ] || [ -z "$runqemu" ] || [ -z "$outdir" ] ||
    [ -z "$prefix" ] || [ -z "$compares" ]; then
    usage
fi
eval "elf=\${$#}"
mkdir -p "$outdir" || exit 2

# the host command: every argument but the last (the ELF)
n=$#
i=0
for a in "$@"; do
    i=$((i + 1))
    [ $i -eq 1 ] && set --
    [ $i -lt $n ] && set -- "$@" "$a"
done
"$@" --csv - --quiet --no-check >"$outdir/host.csv"
hs=$?
sh "$runqemu" -m "$machine" -q "$qemu" -t 300 -o "$outdir/firmware.csv" "$elf" \
    -append --ncs-stack 2>"$outdir/firmware.err"
fs=$?
cat "$outdir/firmware.err"
echo "fw-example: host exit $hs, firmware exit $fs; $(($(wc -l <"$outdir/firmware.csv") - 1)) firmware rows"
if [ $hs -ne 0 ] || [ $fs -ne 0 ]; then
    echo "fw-example: a run failed; outputs in $outdir"
    tail -n 2 "$outdir/host.csv" "$outdir/firmware.csv"
    exit 1
fi

# the probe's line: "... whole run N bytes of S; ... heap high-water H bytes of HS"
probe=$(grep 'stack high-water' "$outdir/firmware.err")
set -- $(echo "$probe" | sed -n 's/.*whole run \([0-9]*\) bytes of \([0-9]*\);.*heap high-water \([0-9]*\) bytes of \([0-9]*\).*/\1 \2 \3 \4/p')
if [ $# -ne 4 ]; then
    echo "fw-example: no stack probe report on the firmware's stderr"
    exit 1
fi
if [ "$1" -ge "$2" ]; then
    echo "fw-example: the stack used all of its $2-byte reserve ($1): raise NCS_FW_STACK"
    exit 1
fi
if [ "$3" -gt "$4" ]; then
    echo "fw-example: heap high-water $3 above the heap's $4 bytes"
    exit 1
fi
echo "fw-example: stack $1 of $2 bytes, heap $3 of $4 bytes"
if [ -n "$nm" ]; then
    syms=$("$nm" -S "$elf") || { echo "fw-example: $nm failed on $elf"; exit 1; }
    top=$(printf '%s\n' "$syms" | awk '$NF == "__stack_top__" { print $1 }')
    st=$(printf '%s\n' "$syms" | awk -v s="${prefix}_st" '$4 == s { print $2 }')
    if [ -n "$top" ] && [ -n "$st" ]; then
        echo "fw-example: RAM $((0x$top - 0x20000000)) bytes, state ${prefix}_st $((0x$st)) bytes"
    fi
fi

# the rows to compare
for f in host firmware; do
    if [ -n "$steps" ]; then
        awk -F, -v n="$steps" 'NR == 1 || $1 <= n' "$outdir/$f.csv" >"$outdir/$f.rows" || exit 1
    else
        cp "$outdir/$f.csv" "$outdir/$f.rows" || exit 1
    fi
done
k=0
for c in $compares; do
    fields=${c%%:*} rest=${c#*:}
    rtol=${rest%%:*} atol=${rest#*:}
    [ "$fields" = all ] && fields=
    k=$((k + 1))
    for f in host firmware; do
        to_cmp "$fields" "$outdir/$f.rows" "$outdir/$f.$k.cmp" || exit 1
    done
    echo "fields ${fields:-all}${steps:+, steps 0..$steps}:"
    "$numcmp" -r "$rtol" -a "$atol" "$outdir/host.$k.cmp" "$outdir/firmware.$k.cmp" || exit 1
done
exit 0
