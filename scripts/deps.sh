#!/bin/sh
# Installs the Debian packages ncs needs when any is missing.
# As root it runs apt-get; otherwise it prints the exact command and fails.
set -eu

PKGS="gcc g++ make cmake flex bison libgsl-dev pkg-config libxml2-utils librsvg2-bin"
# Firmware tests (issue 8) and the Siconos cross-check benchmark.
PKGS="$PKGS gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm libsiconos-numerics-dev"

missing=""
for p in $PKGS; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing="$missing $p"
  fi
done
[ -z "$missing" ] && exit 0

echo "ncs: missing Debian packages:$missing"
if [ "$(id -u)" = "0" ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends $missing
else
  echo "ncs: run this, then try again:"
  echo "  sudo apt-get update && sudo apt-get install -y$missing"
  exit 1
fi
