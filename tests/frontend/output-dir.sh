#!/bin/sh
# output-dir.sh NCSC SRCDIR WORKDIR
# `ncsc -o DIR` where DIR/PREFIX.c is a directory: exit 2, one clear message,
# and DIR holds exactly what it held before (an old PREFIX.h untouched, no
# temporaries; an empty directory with the old fixed temporary name, which
# a remove() on the error path used to delete, still there).
set -u
ncsc=$1 src=$2 work=$3
rm -rf "$work"
mkdir -p "$work/out/p.c" "$work/out/p.h.tmp" || exit 2
echo "old header" >"$work/out/p.h"
echo "inside" >"$work/out/p.c/keep"
cp "$src/good/minimal.ncs" "$work/in.ncs" || exit 2
snapshot() { (cd "$work/out" && find . -print | sort && cat p.h p.c/keep); }
before=$(snapshot)

cd "$work" || exit 2
"$ncsc" in.ncs -o out --prefix p >stdout 2>stderr
status=$?
fail=0
if [ "$status" != 2 ]; then
    echo "FAIL: exit status $status, expected 2"
    fail=1
fi
want="in.ncs: error: cannot write 'out/p.c': it is a directory"
if [ "$(cat stderr)" != "$want" ]; then
    echo "FAIL: messages differ; expected:"
    echo "$want"
    echo "got:"
    cat stderr
    fail=1
fi
if [ -s stdout ]; then
    echo "FAIL: unexpected output:"
    cat stdout
    fail=1
fi
after=$(snapshot)
if [ "$before" != "$after" ]; then
    echo "FAIL: the output directory changed"
    echo "--- before"; echo "$before"
    echo "--- after"; echo "$after"
    fail=1
fi
[ $fail = 0 ] && echo "ok output-dir"
exit $fail
