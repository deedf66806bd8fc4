#!/bin/sh
# core_firmware.sh CC NM CHECK_NO_LIBC RUNTIME_DIR WORK_DIR
# Cross-compiles the solver core (lemke, solve, assemble, dense, the plain
# kernel, layout) for a Cortex-M4 with the project's warnings as errors, and
# checks with tests/embedded/check-no-libc.sh that it uses no heap and no
# stdio, and that it references no GSL; then again with ncs_real = float
# (hard-float ABI, -ffreestanding -Wdouble-promotion, no soft-double call).
set -u
cc=$1 nm=$2 check=$3 rt=$4 work=$5
mkdir -p "$work" || exit 1
objs=
for f in lemke solve assemble dense kernel_plain layout; do
    "$cc" -std=c99 -O2 -mcpu=cortex-m4 -mthumb -ffunction-sections \
        -Wall -Wextra -Wpedantic -Werror -I"$rt/include" \
        -c "$rt/src/$f.c" -o "$work/$f.o" || { echo "FAIL: $f.c does not cross-compile"; exit 1; }
    objs="$objs $work/$f.o"
done
# shellcheck disable=SC2086
sh "$check" -n "$nm" $objs || { echo "FAIL: the core references heap or stdio"; exit 1; }
# shellcheck disable=SC2086
"$nm" -u $objs >"$work/undef.txt" || { echo "FAIL: $nm failed"; exit 1; }
if grep -q gsl_ "$work/undef.txt"; then
    echo "FAIL: the core references GSL"
    exit 1
fi
# The float build (ncs_real = float, Cortex-M4 FPU): freestanding, and
# -Wdouble-promotion: nothing may silently compute in double.
fobjs=
for f in lemke solve assemble dense kernel_plain layout; do
    "$cc" -std=c99 -O2 -mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16 \
        -ffreestanding -ffunction-sections -DNCS_REAL_FLOAT=1 -Wdouble-promotion \
        -Wall -Wextra -Wpedantic -Werror -I"$rt/include" \
        -c "$rt/src/$f.c" -o "$work/float_$f.o" ||
        { echo "FAIL: $f.c does not cross-compile with ncs_real = float"; exit 1; }
    fobjs="$fobjs $work/float_$f.o"
done
# shellcheck disable=SC2086
sh "$check" -n "$nm" $fobjs || { echo "FAIL: the float core references heap or stdio"; exit 1; }
# shellcheck disable=SC2086
"$nm" -u $fobjs >"$work/float_undef.txt" || { echo "FAIL: $nm failed"; exit 1; }
if grep -q "__aeabi_d" "$work/float_undef.txt"; then
    echo "FAIL: the float core calls soft-double helpers (computes in double)"
    exit 1
fi
echo "core: cross-compiled (double and float), no heap, no stdio, no GSL"
