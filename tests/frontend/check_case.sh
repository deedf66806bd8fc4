#!/bin/sh
# check_case.sh - runs one golden front-end case and diffs it.
#
#   check_case.sh bad   NCSC SRCDIR NAME   ncsc --check bad/NAME.ncs
#   check_case.sh good  NCSC SRCDIR NAME   ncsc --dump-ast good/NAME.ncs
#   check_case.sh usage NCSC SRCDIR NAME   ncsc $(cat usage/NAME.args) [< usage/NAME.stdin]
#   check_case.sh gen   NCSC SRCDIR NAME GENDIR
#                       generates GENDIR/gen/NAME.ncs, runs ncsc --check on it
#
# Runs from SRCDIR (or GENDIR for generated inputs) with relative paths, so
# the file names in the messages do not depend on the machine. Compares
# stderr with NAME.err, the exit status with NAME.status, and for good
# cases stdout with NAME.ast (stderr must then be empty), and stdout with
# NAME.out where that file exists. Prints the diff
# and fails on any difference.
set -u
mode=$1 ncsc=$2 src=$3 name=$4
tmp=${TMPDIR:-/tmp}/ncs-frontend-$$-$name
mkdir -p "$tmp" || exit 2
trap 'rm -rf "$tmp"' EXIT

case $mode in
bad)
    dir=$src/bad
    (cd "$src" && "$ncsc" --check "bad/$name.ncs" >"$tmp/out" 2>"$tmp/err")
    status=$?;;
good)
    dir=$src/good
    (cd "$src" && "$ncsc" --dump-ast "good/$name.ncs" >"$tmp/out" 2>"$tmp/err")
    status=$?;;
usage)
    dir=$src/usage
    input=/dev/null
    [ -f "$dir/$name.stdin" ] && input=$dir/$name.stdin
    (cd "$src" && eval "set -- $(cat "$dir/$name.args")" && "$ncsc" "$@" \
        <"$input" >"$tmp/out" 2>"$tmp/err")
    status=$?;;
gen)
    dir=$src/gen
    gendir=$5
    mkdir -p "$gendir/gen" || exit 2
    sh "$src/gen/$name.sh" >"$gendir/gen/$name.ncs" || exit 2
    (cd "$gendir" && "$ncsc" --check "gen/$name.ncs" >"$tmp/out" 2>"$tmp/err")
    status=$?;;
*)
    echo "check_case.sh: unknown mode '$mode'" >&2
    exit 2;;
esac

fail=0
want=$(cat "$dir/$name.status")
if [ "$status" != "$want" ]; then
    echo "FAIL $mode/$name: exit status $status, expected $want"
    fail=1
fi
if [ "$mode" = good ]; then
    if [ -s "$tmp/err" ]; then
        echo "FAIL $mode/$name: unexpected messages:"
        cat "$tmp/err"
        fail=1
    fi
    if ! diff -u "$dir/$name.ast" "$tmp/out"; then
        echo "FAIL $mode/$name: --dump-ast differs from $name.ast (diff above)"
        fail=1
    fi
else
    if ! diff -u "$dir/$name.err" "$tmp/err"; then
        echo "FAIL $mode/$name: messages differ from $name.err (diff above)"
        fail=1
    fi
    if [ -f "$dir/$name.out" ] && ! diff -u "$dir/$name.out" "$tmp/out"; then
        echo "FAIL $mode/$name: output differs from $name.out (diff above)"
        fail=1
    fi
fi
[ $fail = 0 ] && echo "ok $mode/$name"
exit $fail
