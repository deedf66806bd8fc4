#!/bin/sh
# deps-test.sh DEPS.SH - checks scripts/deps.sh against stand-ins for
# dpkg-query, id and apt-get (nothing is installed for real): the core
# packages are fatal, the firmware, benchmark, web and sweep packages are
# attempted in their own apt-get calls whose failure only warns, a non-root
# user gets the exact command, and `deps.sh demo` installs only the demo's. Exit status 0 when every case behaves; 1 otherwise.
set -u
[ $# -eq 1 ] || { echo "usage: deps-test.sh DEPS.SH" >&2; exit 2; }
deps=$1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir "$tmp/bin"

# dpkg-query -W -f=... PKG: installed when PKG is in $STUB_INSTALLED.
cat >"$tmp/bin/dpkg-query" <<'EOF'
#!/bin/sh
for p in $STUB_INSTALLED; do
  [ "$p" = "$3" ] && { printf 'install ok installed'; exit 0; }
done
exit 1
EOF
cat >"$tmp/bin/id" <<'EOF'
#!/bin/sh
echo "$STUB_UID"
EOF
# apt-get: logs each call; "install" fails when it names a package of
# $STUB_FAIL (as apt-get does when one package cannot be found).
cat >"$tmp/bin/apt-get" <<'EOF'
#!/bin/sh
echo "apt-get $*" >>"$STUB_LOG"
[ "$1" = "update" ] && exit 0
for a in "$@"; do
  for f in $STUB_FAIL; do
    [ "$a" = "$f" ] && { echo "E: Unable to locate package $a" >&2; exit 100; }
  done
done
exit 0
EOF
chmod +x "$tmp/bin/"*

CORE="gcc g++ make cmake flex bison libgsl-dev pkg-config libxml2-utils librsvg2-bin"
WEB="clang lld wasi-libc libclang-rt-dev-wasm32 chromium chromium-driver python3-selenium parallel"
fails=0
# run NAME UID INSTALLED FAIL EXPECTED-STATUS: runs deps.sh, output in
# $tmp/NAME.out, apt-get calls in $tmp/NAME.log.
run() {
  : >"$tmp/$1.log"
  PATH="$tmp/bin:$PATH" STUB_UID=$2 STUB_INSTALLED=$3 STUB_FAIL=$4 \
    STUB_LOG="$tmp/$1.log" sh "$deps" >"$tmp/$1.out" 2>&1
  st=$?
  if [ "$st" -ne "$5" ]; then
    echo "FAIL $1: exit status $st, expected $5"; sed 's/^/  | /' "$tmp/$1.out"; fails=$((fails + 1))
  fi
}
# want NAME FILE REGEX: FILE (out or log) of case NAME must match REGEX.
want() {
  grep -Eq -- "$3" "$tmp/$1.$2" ||
    { echo "FAIL $1: no line matching '$3' in its $2:"; sed 's/^/  | /' "$tmp/$1.$2"; fails=$((fails + 1)); }
}
# lacks NAME FILE REGEX: FILE of case NAME must not match REGEX.
lacks() {
  if grep -Eq -- "$3" "$tmp/$1.$2"; then
    echo "FAIL $1: a line matches '$3' in its $2:"; sed 's/^/  | /' "$tmp/$1.$2"; fails=$((fails + 1))
  fi
}

# Nothing missing: no apt-get at all.
run none 0 "$CORE gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm libsiconos-numerics-dev $WEB" "" 0
lacks none log "apt-get"
# Root, all missing, all install: core first, then each optional group alone.
run all 0 "" "" 0
want all log "^apt-get install .* gcc g\+\+ make cmake flex bison libgsl-dev pkg-config libxml2-utils librsvg2-bin$"
want all log "^apt-get install .* gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm$"
want all log "^apt-get install .* libsiconos-numerics-dev$"
lacks all out "WARNING"
# Root, the firmware packages cannot be installed: warning, build goes on,
# the benchmark package is still attempted.
run fwfail 0 "$CORE" "qemu-system-arm" 0
want fwfail out "WARNING: the firmware tests' tools could not be installed: gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm"
want fwfail out "skipped"
want fwfail out "sudo apt-get install -y gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm$"
want fwfail log "libsiconos-numerics-dev$"
# Root, Siconos unavailable: warning only, firmware installed.
run benchfail 0 "$CORE" "libsiconos-numerics-dev" 0
want benchfail out "WARNING: could not install libsiconos-numerics-dev"
want benchfail log "qemu-system-arm$"
# Root, a core package cannot be installed: fatal, nothing optional tried.
run corefail 0 "" "flex" 1
want corefail out "ERROR: could not install the core packages:.* flex"
lacks corefail log "gcc-arm-none-eabi"
# Not root, only firmware missing: the exact command, a warning, status 0.
run user 1000 "$CORE libsiconos-numerics-dev $WEB" "" 0
want user out "^  sudo apt-get update && sudo apt-get install -y gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm$"
want user out "WARNING: the firmware tests' tools could not be installed"
lacks user log "apt-get"
# Not root, a core package missing: the exact command and status 1.
run usercore 1000 "g++ make cmake flex bison libgsl-dev pkg-config libxml2-utils librsvg2-bin $WEB" "" 1
want usercore out "^  sudo apt-get update && sudo apt-get install -y gcc gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm libsiconos-numerics-dev$"
# Root, the web packages cannot be installed: warning, the sweep's still tried.
run webfail 0 "$CORE" "chromium" 0
want webfail log "^apt-get install .* clang lld wasi-libc libclang-rt-dev-wasm32 chromium chromium-driver python3-selenium$"
want webfail out "WARNING: could not install clang .*: ncsc view cannot build live pages"
want webfail log "^apt-get install .* parallel$"
# make demo: only what the demo needs, nothing optional, nothing for the tests.
: >"$tmp/demo.log"
PATH="$tmp/bin:$PATH" STUB_UID=0 STUB_INSTALLED="" STUB_FAIL="" STUB_LOG="$tmp/demo.log" \
  sh "$deps" demo >"$tmp/demo.out" 2>&1 || { echo "FAIL demo: exit status $?"; fails=$((fails + 1)); }
want demo log "^apt-get install .* gcc make cmake flex bison libgsl-dev$"
lacks demo log "g\+\+|pkg-config|xmllint|rsvg|arm|qemu|siconos|clang|chromium|parallel"
# demo with everything there: nothing run
: >"$tmp/demo2.log"
PATH="$tmp/bin:$PATH" STUB_UID=0 STUB_INSTALLED="gcc make cmake flex bison libgsl-dev" STUB_FAIL="" \
  STUB_LOG="$tmp/demo2.log" sh "$deps" demo >"$tmp/demo2.out" 2>&1 ||
  { echo "FAIL demo2: exit status $?"; fails=$((fails + 1)); }
lacks demo2 log "apt-get"

if [ $fails -ne 0 ]; then
  echo "deps-test: $fails check(s) failed"
  exit 1
fi
echo "deps-test: all cases behave"
