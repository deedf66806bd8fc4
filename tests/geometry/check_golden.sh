#!/bin/sh
# check_golden.sh NCSC SRCDIR NAME - one golden geometry case, run from
# SRCDIR (tests/geometry) with relative paths:
#   ncsc --check golden/NAME.ncs: stderr must equal golden/NAME.err and the
#   exit status golden/NAME.status;
#   when golden/NAME.json exists: ncsc --dump-groups stdout must equal it;
#   when the case is accepted: ncsc --svg-groups must write well-formed XML
#   (xmllint --noout) that draws every obstacle and body name.
set -u
ncsc=$1 src=$2 name=$3
tmp=${TMPDIR:-/tmp}/ncs-geometry-$$-$name
mkdir -p "$tmp" || exit 2
trap 'rm -rf "$tmp"' EXIT
cd "$src" || exit 2
fail=0
"$ncsc" --check "golden/$name.ncs" >"$tmp/out" 2>"$tmp/err"
status=$?
if ! diff -u "golden/$name.err" "$tmp/err"; then
    echo "FAIL: diagnostics differ"; fail=1
fi
if [ "$status" != "$(cat "golden/$name.status")" ]; then
    echo "FAIL: exit status $status, want $(cat "golden/$name.status")"; fail=1
fi
if [ -f "golden/$name.json" ]; then
    "$ncsc" --dump-groups "golden/$name.ncs" >"$tmp/json" 2>/dev/null
    if ! diff -u "golden/$name.json" "$tmp/json"; then
        echo "FAIL: --dump-groups differs"; fail=1
    fi
fi
if [ "$status" = 0 ]; then
    if ! "$ncsc" --svg-groups "$tmp/g.svg" "golden/$name.ncs" 2>"$tmp/svgerr"; then
        echo "FAIL: --svg-groups failed:"; cat "$tmp/svgerr"; fail=1
    elif command -v xmllint >/dev/null 2>&1 && ! xmllint --noout "$tmp/g.svg"; then
        echo "FAIL: the SVG is not well-formed XML"; fail=1
    elif ! grep -q '<svg xmlns="http://www.w3.org/2000/svg"' "$tmp/g.svg" ||
         ! grep -q '<polygon' "$tmp/g.svg"; then
        echo "FAIL: the SVG draws no pieces"; fail=1
    fi
fi
exit $fail
