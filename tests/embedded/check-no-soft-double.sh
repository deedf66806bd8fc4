#!/bin/sh
# check-no-soft-double.sh NM OBJECT... - fails when an object calls one of
# libgcc's soft-double helpers (__aeabi_d*, __aeabi_f2d, __aeabi_i2d, ...):
# a float firmware library part must compute nothing in double (the
# Cortex-M4 FPU is single precision). Lists each call as
#   soft double: <object>: <symbol>
# Exit status 0 clean, 1 a call found, 2 a tool failed.
set -u
[ $# -ge 2 ] || { echo "usage: check-no-soft-double.sh NM OBJECT..." >&2; exit 2; }
nm=$1
shift
# one nm for all objects (-A: each line starts with "<object>:")
syms=$("$nm" -u -A "$@") || { echo "check-no-soft-double: $nm failed" >&2; exit 2; }
hits=$(printf '%s\n' "$syms" | awk '{ obj = $1; sub(/:$/, "", obj); sym = $NF
    if (sym ~ /^__aeabi_(d[a-z0-9]*|[a-z0-9]*2d)$/) print obj ": " sym }')
bad=0
if [ -n "$hits" ]; then
    printf '%s\n' "$hits" | sed 's/^/soft double: /'
    bad=1
fi
[ $bad -eq 0 ] && echo "check-no-soft-double: $# object(s) clean"
exit $bad
