#!/bin/sh
# test_lcp_fill.sh PYTHON LCP_FILL.PY DATA-DIR
# bench/runtime/lcp_fill.py on three stored LCPs: the counts of two small
# ones without groups (checked by hand: the teeth pile's 12 x 12 contact
# space fills to 58 entries of L in minimum-degree order, 66 in the natural
# order), a file with groups skipped, exit status 0; without arguments, exit
# status 2. Exit status 0 when all hold, 1 otherwise.
set -u
[ $# -eq 3 ] || { echo "usage: test_lcp_fill.sh PYTHON LCP_FILL.PY DATA-DIR" >&2; exit 2; }
py=$1 script=$2 data=$3
fail() { echo "test_lcp_fill: $*"; exit 1; }
out=$("$py" "$script" "$data/teeth-pile-summation-step159.dat" \
      "$data/seam-push-stewart-step75.dat" "$data/pyramid-summation-step288.dat") ||
    fail "exit status $? on three readable files"
echo "$out"
echo "$out" | grep -q "teeth-pile-summation-step159.dat 16 4 12 104 78 66 58 288\$" ||
    fail "the teeth pile's counts"
echo "$out" | grep -q "seam-push-stewart-step75.dat 28 7 21 369 231 211 195 840\$" ||
    fail "the seam push's counts"
echo "$out" | grep -q "pyramid-summation-step288.dat: skipped" || fail "a layout with groups not skipped"
"$py" "$script" > /dev/null 2>&1
[ $? -eq 2 ] || fail "no arguments: exit status not 2"
"$py" "$script" "$data/no-such-file.dat" > /dev/null 2>&1
[ $? -eq 2 ] || fail "a missing file: exit status not 2"
echo "test_lcp_fill: ok"
