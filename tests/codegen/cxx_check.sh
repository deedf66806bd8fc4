#!/bin/sh
# cxx_check.sh CXX RUNTIME_INCLUDE DIR
# Compiles every generated .c file in DIR as C++ (-Wall -Wextra -Wpedantic)
# with warnings as errors.
set -eu
cxx=$1 inc=$2 dir=$3
n=0
for f in "$dir"/*.c; do
    "$cxx" -x c++ -Wall -Wextra -Wpedantic -Werror -fsyntax-only -I"$inc" -I"$dir" "$f"
    n=$((n + 1))
done
[ "$n" -ge 2 ] || { echo "no generated sources in $dir" >&2; exit 1; }
echo "$n files compile as C++"
