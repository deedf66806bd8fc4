#!/bin/sh
# instructions.sh [BUILD_DIR] - per bench_codegen_*_default simulator: the
# instructions per step counted by valgrind (callgrind, one run of the
# scene; independent of the load of a shared machine, unlike us/step) and
# the .text size of the generated <prefix>.c object.
set -eu
build=${1:-build}
for exe in "$build"/bin/bench_codegen_*_default; do
    steps=$("$exe" 1 | sed 's/^steps \([0-9]*\).*/\1/')
    ir=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$exe" 1 2>&1 |
         sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
    obj=$(find "$build/bench/codegen" -path "*$(basename "$exe").dir/*" -name 'bcg_*.c.o' | head -n 1)
    text=$(size "$obj" | awk 'NR == 2 { print $1 }')
    printf '%-48s Ir/step %9.0f  text %7s\n' "$(basename "$exe")" "$(echo "$ir $steps" |
        awk '{ print $1 / $2 }')" "$text"
done
