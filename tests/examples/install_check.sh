#!/bin/sh
# install_check.sh CMAKE BUILD_DIR WORK SOURCE_DIR
# Installs the build into WORK/prefix and checks what a user of the
# install tree gets: a downstream CMake project (tests/examples/downstream)
# configured with find_package(ncs) builds a scene and passes its tests;
# the pkg-config file compiles and links a generated simulator; the
# installed ncs-lcp solves the LCPs it dumps; the installed `ncsc run`
# finds the installed runtime; the man page is there.
set -eu
cmake=$1 build=$2 work=$3 src=$4
rm -rf "$work"
mkdir -p "$work"
prefix=$work/prefix
"$cmake" --install "$build" --prefix "$prefix" >"$work/install.log"
for f in bin/ncsc bin/ncs-lcp include/ncs/lcp.h share/man/man1/ncsc.1 \
         lib/cmake/ncs/ncsConfig.cmake lib/cmake/ncs/NcsAddScene.cmake; do
    [ -f "$prefix/$f" ] || { echo "not installed: $f" >&2; exit 1; }
done
pc=$(find "$prefix" -name ncs.pc | head -n 1)
[ -n "$pc" ] || { echo "ncs.pc not installed" >&2; exit 1; }

echo "== downstream project against $prefix"
"$cmake" -S "$src/downstream" -B "$work/down" -DCMAKE_PREFIX_PATH="$prefix" \
    >"$work/down-configure.log" || { cat "$work/down-configure.log"; exit 1; }
"$cmake" --build "$work/down" >"$work/down-build.log" ||
    { cat "$work/down-build.log"; exit 1; }
grep -q "$prefix/bin/ncsc" "$work/down-build.log" "$work/down/CMakeFiles"/*/build.make 2>/dev/null ||
    grep -rq "$prefix/bin/ncsc" "$work/down" ||
    { echo "the downstream build did not use the installed ncsc" >&2; exit 1; }
(cd "$work/down" && ctest --output-on-failure) || exit 1

echo "== NCS_NCSC overrides the compiler (cross builds run a host ncsc)"
mkdir -p "$work/hostbin"
cp "$prefix/bin/ncsc" "$work/hostbin/ncsc-host"
"$cmake" -S "$src/downstream" -B "$work/down-host" -DCMAKE_PREFIX_PATH="$prefix" \
    -DNCS_NCSC="$work/hostbin/ncsc-host" >"$work/down-host.log" || { cat "$work/down-host.log"; exit 1; }
"$cmake" --build "$work/down-host" >>"$work/down-host.log" || { cat "$work/down-host.log"; exit 1; }
grep -rq "hostbin/ncsc-host" "$work/down-host" || { echo "NCS_NCSC was not used" >&2; exit 1; }

echo "== pkg-config"
mkdir -p "$work/pc"
"$prefix/bin/ncsc" "$src/downstream/ramp.ncs" -o "$work/pc"
# Without --static: only static libraries are installed, so the plain
# --libs must already carry gsl and libm.
flags=$(PKG_CONFIG_PATH=$(dirname "$pc") pkg-config --cflags --libs ncs)
echo "pkg-config --cflags --libs ncs: $flags"
case $flags in *"$prefix"*) ;; *) echo "ncs.pc does not point into $prefix" >&2; exit 1;; esac
# shellcheck disable=SC2086
cc -std=c99 -I"$work/pc" "$work/pc/ramp.c" "$work/pc/ramp_main.c" $flags -o "$work/pc/ramp"
"$work/pc/ramp" --check --quiet

echo "== installed ncs-lcp re-solves what the simulator dumped"
"$work/pc/ramp" --quiet --dump-lcp "$work/pc/dump"
dat=$(find "$work/pc/dump" -name 'step-*.dat' | sort | head -n 1)
[ -n "$dat" ] || { echo "the simulator dumped no LCP" >&2; exit 1; }
"$prefix/bin/ncs-lcp" --repeat=2 "$dat" >"$work/lcp.txt" && grep -q " solved " "$work/lcp.txt" ||
    { echo "installed ncs-lcp did not solve $dat" >&2; exit 1; }

echo "== installed ncsc run"
(cd "$work" && NCS_RUN_DIR="$work/run" "$prefix/bin/ncsc" run "$src/downstream/ramp.ncs" \
    --check --quiet) || { echo "installed ncsc run failed" >&2; exit 1; }
echo "install tree OK"
