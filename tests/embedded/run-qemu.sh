#!/bin/sh
# run-qemu.sh - runs an ncs firmware ELF on QEMU's emulated mps2 board with
# semihosting, and exits with the firmware's own exit status.
#
#   run-qemu.sh [-m MACHINE] [-t SECONDS] [-o FILE] [-q QEMU] ELF [QEMU-ARGS...]
#
#   -m MACHINE  QEMU machine (default mps2-an386, Cortex-M4)
#   -t SECONDS  wall-clock limit (default 60); on expiry the run fails
#   -o FILE     write the firmware's stdout to FILE (default: our stdout)
#   -q QEMU     the QEMU binary (default qemu-system-arm, or $NCS_QEMU)
#   QEMU-ARGS   passed through, e.g. -icount shift=0 or -d exec -D log
#
# The firmware writes through semihosting: newlib's stdout (and stdin)
# reach QEMU's stdout; the startup code's fault message and QEMU's own
# diagnostics go to stderr, which is left alone. main's return value becomes
# QEMU's exit status through SYS_EXIT_EXTENDED (see startup.c).
#
# Exit status: the firmware's status; 124 on timeout; 125 on bad usage or a
# missing ELF or QEMU; 99 when the firmware ended in a fault handler.
set -u

machine=mps2-an386
limit=60
out=
qemu=${NCS_QEMU:-qemu-system-arm}

usage() {
    echo "usage: run-qemu.sh [-m MACHINE] [-t SECONDS] [-o FILE] [-q QEMU] ELF [QEMU-ARGS...]" >&2
    exit 125
}

while getopts m:t:o:q: opt; do
    case $opt in
    m) machine=$OPTARG ;;
    t) limit=$OPTARG ;;
    o) out=$OPTARG ;;
    q) qemu=$OPTARG ;;
    *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || usage
elf=$1
shift

if [ ! -r "$elf" ]; then
    echo "run-qemu: cannot read $elf" >&2
    exit 125
fi
if ! command -v "$qemu" >/dev/null 2>&1; then
    echo "run-qemu: $qemu not found (Debian: apt-get install qemu-system-arm)" >&2
    exit 125
fi
case $limit in
'' | *[!0-9]*) echo "run-qemu: -t wants whole seconds, got '$limit'" >&2; exit 125 ;;
esac

# -nographic with -serial none and -monitor none: no window, no UART, no
# monitor on stdio; semihosting is the only channel. -no-reboot: a reset
# request (e.g. from a bad exception return) ends QEMU instead of looping.
set -- timeout "$limit" "$qemu" -M "$machine" -nographic -monitor none \
    -serial none -no-reboot \
    -semihosting-config enable=on,target=native -kernel "$elf" "$@"
if [ -n "$out" ]; then
    "$@" >"$out" </dev/null
else
    "$@" </dev/null
fi
status=$?
case $status in
124) echo "run-qemu: $elf timed out after ${limit}s" >&2 ;;
99) echo "run-qemu: $elf ended in a fault handler" >&2 ;;
esac
exit $status
