#!/bin/sh
# Installs the Debian packages ncs needs when any is missing, in two steps:
#
#   core      needed to build and test ncs at all; a failure is fatal
#             (exit 1)
#   optional  the firmware tests' cross tools and emulator (issue 8,
#             docs/embedded.md) and the Siconos library of the LCP
#             benchmark's cross-check; each group is attempted on its own,
#             and a failure prints a warning and lets the build go on:
#             CMake then registers the firmware tests as skipped, saying
#             what is missing and how to install it
#
# As root it runs apt-get; otherwise it prints the exact command, and fails
# only when a core package is missing.
set -u

CORE="gcc g++ make cmake flex bison libgsl-dev pkg-config libxml2-utils librsvg2-bin"
# Optional groups, installed one apt-get call each.
FIRMWARE="gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm"
BENCH="libsiconos-numerics-dev"

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
[ -z "$core_missing$fw_missing$bench_missing" ] && exit 0

warn_firmware() {
  echo "ncs: WARNING: the firmware tests' tools could not be installed:$fw_missing" >&2
  echo "ncs: WARNING: the tests labelled 'embedded' that need them will be reported as skipped;" >&2
  echo "ncs: WARNING: to run them, install with: sudo apt-get install -y$fw_missing" >&2
}
warn_bench() {
  echo "ncs: WARNING: could not install$bench_missing: bench_lcp runs without its Siconos cross-check" >&2
  echo "ncs: WARNING: to add it: sudo apt-get install -y$bench_missing" >&2
}

if [ "$(id -u)" != "0" ]; then
  echo "ncs: missing Debian packages:$core_missing$fw_missing$bench_missing"
  echo "ncs: run this, then try again:"
  echo "  sudo apt-get update && sudo apt-get install -y$core_missing$fw_missing$bench_missing"
  if [ -n "$core_missing" ]; then
    exit 1
  fi
  [ -n "$fw_missing" ] && warn_firmware
  [ -n "$bench_missing" ] && warn_bench
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
exit 0
