#!/bin/sh
# stack-check.sh -m MACHINE -q QEMU RUNQEMU STACKBOUND ROOT ELF CI... - the
# static call-chain bound of ROOT (bench/embedded/stack-bound.sh over the
# .ci files) must be at least the stack the firmware measurably used per
# marked region (startup.c's probe, `-append --ncs-stack`; the regions are
# the steps). A bound below a measurement would be a wrong bound; a
# measurement of 0 a broken probe. Exit 0 pass, 1 fail, 2 usage.
set -u
machine=mps2-an386 qemu=qemu-system-arm
while getopts m:q: opt; do
    case $opt in
    m) machine=$OPTARG ;;
    q) qemu=$OPTARG ;;
    *) exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -ge 5 ] || { echo "usage: stack-check.sh [-m M] [-q QEMU] RUNQEMU STACKBOUND ROOT ELF CI..." >&2; exit 2; }
runqemu=$1 bound=$2 root=$3 elf=$4
shift 4
qout=$(sh "$runqemu" -m "$machine" -q "$qemu" -t 60 "$elf" -append --ncs-stack 2>&1 >/dev/null) ||
    { echo "stack-check: the firmware run failed (status $?): $qout"; exit 1; }
measured=$(printf '%s\n' "$qout" | sed -n 's/.*marked regions \([0-9]*\) bytes.*/\1/p')
bout=$(sh "$bound" -n 1000 "$@") || { echo "stack-check: stack-bound.sh failed (status $?)"; exit 1; }
static=$(printf '%s\n' "$bout" | awk -v r="$root:" '$1 == r && $3 == "bytes" { print $2 }')
echo "stack-check: $root: measured per step $measured bytes, call-chain bound $static bytes"
[ -n "$measured" ] && [ "$measured" -gt 0 ] || { echo "stack-check: no measurement"; exit 1; }
[ -n "$static" ] || { echo "stack-check: no bound for $root"; exit 1; }
[ "$static" -ge "$measured" ] || { echo "stack-check: bound below the measurement"; exit 1; }
