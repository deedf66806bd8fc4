#!/bin/sh
# Installs the Debian packages ncs needs when any is missing.
#
#   scripts/deps.sh demo   only what `make demo` needs (building ncsc and the
#                          runtime, compiling and running one simulator):
#                          gcc make cmake flex bison libgsl-dev
#   scripts/deps.sh        (or `test`) what `make test` needs, in groups:
#     core      the demo's and the rest of the suite's tools: g++ (the
#               generated headers compiled as C++), pkg-config (the
#               installed package), xmllint and rsvg-convert (the
#               pictures); a failure is fatal (exit 1)
#     optional  each group attempted on its own; a failure prints a warning
#               and lets the build go on: CMake or the tests then report the
#               tests that need the group as skipped, saying what is missing
#       firmware  the firmware tests' cross tools and emulator (issue 8,
#                 docs/embedded.md)
#       bench     the Siconos library of the LCP benchmark's cross-check
#       web       `ncsc view` (clang, lld, wasi-libc and the wasm32 compiler
#                 runtime) and the browser tests of the two pages (headless
#                 Chromium, chromedriver, Selenium; docs/web.md)
#       sweep     GNU parallel, for the parameter sweep of docs/sweeps.md
#
# As root it runs apt-get; otherwise it prints the exact command, and fails
# only when a package of a fatal group is missing.
set -u

CORE="gcc g++ make cmake flex bison libgsl-dev pkg-config libxml2-utils librsvg2-bin"
# Optional groups, installed one apt-get call each.
FIRMWARE="gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm"
BENCH="libsiconos-numerics-dev"
WEB="clang lld wasi-libc libclang-rt-dev-wasm32 chromium chromium-driver python3-selenium"
SWEEP="parallel"

case ${1:-test} in
demo) CORE="gcc make cmake flex bison libgsl-dev" FIRMWARE="" BENCH="" WEB="" SWEEP="" ;;
test) ;;
*) echo "usage: scripts/deps.sh [demo|test]" >&2; exit 2 ;;
esac

# missing PKG... - prints the packages of the list that are not installed.
missing() {
  m=""
  for p in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      m="$m $p"
    fi
  done
  echo "$m"
}

# shellcheck disable=SC2086 # the lists are split at spaces on purpose
core_missing=$(missing $CORE)
# shellcheck disable=SC2086
fw_missing=$(missing $FIRMWARE)
# shellcheck disable=SC2086
bench_missing=$(missing $BENCH)
# shellcheck disable=SC2086
web_missing=$(missing $WEB)
# shellcheck disable=SC2086
sweep_missing=$(missing $SWEEP)
all="$core_missing$fw_missing$bench_missing$web_missing$sweep_missing"
[ -z "$all" ] && exit 0

warn_firmware() {
  echo "ncs: WARNING: the firmware tests' tools could not be installed:$fw_missing" >&2
  echo "ncs: WARNING: the tests labelled 'embedded' that need them will be reported as skipped;" >&2
  echo "ncs: WARNING: to run them, install with: sudo apt-get install -y$fw_missing" >&2
}
warn_bench() {
  echo "ncs: WARNING: could not install$bench_missing: bench_lcp runs without its Siconos cross-check" >&2
  echo "ncs: WARNING: to add it: sudo apt-get install -y$bench_missing" >&2
}
warn_web() {
  echo "ncs: WARNING: could not install$web_missing: ncsc view cannot build live pages and the" >&2
  echo "ncs: WARNING: tests labelled 'web' will be reported as skipped; to run them:" >&2
  echo "ncs: WARNING: sudo apt-get install -y$web_missing" >&2
}
warn_sweep() {
  echo "ncs: WARNING: could not install$sweep_missing: the sweep test of docs/sweeps.md is skipped" >&2
  echo "ncs: WARNING: to add it: sudo apt-get install -y$sweep_missing" >&2
}

if [ "$(id -u)" != "0" ]; then
  echo "ncs: missing Debian packages:$all"
  echo "ncs: run this, then try again:"
  echo "  sudo apt-get update && sudo apt-get install -y$all"
  if [ -n "$core_missing" ]; then
    exit 1
  fi
  [ -n "$fw_missing" ] && warn_firmware
  [ -n "$bench_missing" ] && warn_bench
  [ -n "$web_missing" ] && warn_web
  [ -n "$sweep_missing" ] && warn_sweep
  exit 0
fi

export DEBIAN_FRONTEND=noninteractive
# A failed update (e.g. offline with package lists already there) is not
# fatal by itself: the install steps below decide.
apt-get update -qq || echo "ncs: WARNING: apt-get update failed; trying with the package lists there are" >&2

if [ -n "$core_missing" ]; then
  echo "ncs: installing missing core packages:$core_missing"
  # shellcheck disable=SC2086
  if ! apt-get install -y -qq --no-install-recommends $core_missing; then
    echo "ncs: ERROR: could not install the core packages:$core_missing" >&2
    exit 1
  fi
fi
if [ -n "$fw_missing" ]; then
  echo "ncs: installing missing firmware-test packages:$fw_missing"
  # shellcheck disable=SC2086
  apt-get install -y -qq --no-install-recommends $fw_missing || warn_firmware
fi
if [ -n "$bench_missing" ]; then
  echo "ncs: installing missing benchmark packages:$bench_missing"
  # shellcheck disable=SC2086
  apt-get install -y -qq --no-install-recommends $bench_missing || warn_bench
fi
if [ -n "$web_missing" ]; then
  echo "ncs: installing missing web packages:$web_missing"
  # shellcheck disable=SC2086
  apt-get install -y -qq --no-install-recommends $web_missing || warn_web
fi
if [ -n "$sweep_missing" ]; then
  echo "ncs: installing missing sweep packages:$sweep_missing"
  # shellcheck disable=SC2086
  apt-get install -y -qq --no-install-recommends $sweep_missing || warn_sweep
fi
exit 0
