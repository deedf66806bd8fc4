#!/bin/sh
# core_firmware.sh CC NM CHECK_NO_LIBC RUNTIME_DIR WORK_DIR
# Cross-compiles the solver core (lemke, solve, assemble, dense, the plain
# kernel, layout) for a Cortex-M4 with the project's warnings as errors, and
# checks with tests/embedded/check-no-libc.sh that it uses no heap and no
# stdio, and that it references no GSL.
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
if "$nm" -u $objs | grep -q gsl_; then
    echo "FAIL: the core references GSL"
    exit 1
fi
echo "core: cross-compiled, no heap, no stdio, no GSL"
