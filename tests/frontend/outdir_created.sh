#!/bin/sh
# outdir_created.sh NCSC SRCDIR WORKDIR
# `ncsc -o DIR` creates DIR and its missing parents; a compile that fails
# (an error in the scene, or the files cannot be written) leaves no new
# directory behind, and a DIR that already existed stays.
set -u
ncsc=$1 src=$2 work=$3
fail() { echo "FAIL outdir_created: $*"; exit 1; }
rm -rf "$work"
mkdir -p "$work/have" || exit 2

"$ncsc" "$src/good/minimal.ncs" -o "$work/new/sub/dir" 2>"$work/err" ||
    fail "-o into missing parents: exit status $?: $(cat "$work/err")"
for f in minimal.h minimal.c minimal_main.c; do
    [ -s "$work/new/sub/dir/$f" ] || fail "$f not written into the new directory"
done
"$ncsc" "$src/good/minimal.ncs" -o="$work/eq" 2>"$work/err" && [ -s "$work/eq/minimal.h" ] ||
    fail "-o=DIR: $(cat "$work/err")"

# an error in the scene: nothing created
"$ncsc" "$src/bad/mass-negative.ncs" -o "$work/bad/sub" 2>"$work/err"
[ $? = 1 ] || fail "bad scene: exit status not 1"
[ -e "$work/bad" ] && fail "bad scene: '$work/bad' was created"

# the files cannot be written (PREFIX.c is a directory): the new
# directories are removed again, an existing one is kept as it was
mkdir -p "$work/have/minimal.c"
"$ncsc" "$src/good/minimal.ncs" -o "$work/have" 2>"$work/err"
[ $? = 2 ] || fail "unwritable target: exit status not 2"
[ -d "$work/have/minimal.c" ] && [ ! -e "$work/have/minimal.h" ] ||
    fail "the existing directory changed: $(ls -A "$work/have")"
echo "ok outdir_created"
