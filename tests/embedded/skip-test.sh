#!/bin/sh
# skip-test.sh CMAKE CTEST WORKDIR REGEX [CMAKE-ARG...] - configures
# tests/embedded/skipcheck (NcsFirmware.cmake's discovery) in WORKDIR with
# the given arguments (e.g. -DNCS_FW_QEMU=/nonexistent) and runs its CTest.
# Passes when the configure message and the test's output both say "SKIP"/
# "skipped" with a reason matching REGEX, and CTest counts the test as not
# run (skipped) rather than failed. Exit status 0 pass, 1 fail, 2 usage.
set -u
[ $# -ge 4 ] || { echo "usage: skip-test.sh CMAKE CTEST WORKDIR REGEX [CMAKE-ARG...]" >&2; exit 2; }
cmake=$1 ctest=$2 work=$3 regex=$4
shift 4
src=$(cd "$(dirname "$0")/skipcheck" && pwd) || exit 2
rm -rf "$work" && mkdir -p "$work" || exit 1
"$cmake" -S "$src" -B "$work" "$@" >"$work.configure" 2>&1 ||
    { cat "$work.configure"; echo "skip-test: configure failed"; exit 1; }
cat "$work.configure"
grep -Eq -- "ncs firmware tests skipped: .*$regex" "$work.configure" ||
    { echo "skip-test: no 'skipped' message matching /$regex/"; exit 1; }
(cd "$work" && "$ctest" -V) >"$work.ctest" 2>&1
st=$?
cat "$work.ctest"
[ $st -eq 0 ] || { echo "skip-test: ctest failed (status $st)"; exit 1; }
grep -Eq -- "SKIP: .*$regex" "$work.ctest" ||
    { echo "skip-test: the test did not print SKIP with the reason"; exit 1; }
grep -Eq -- "embedded_example .*Not Run|Skipped" "$work.ctest" ||
    { echo "skip-test: CTest did not report the test as skipped"; exit 1; }
echo "skip-test: skipped as expected"
