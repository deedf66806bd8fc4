#!/bin/sh
# test_formats.sh NCS_LCP FORMATS_DIR WORK_DIR - issue 26's Siconos interop:
# ncs-lcp reads Siconos' sparse-block storage (the same LCP as its dense
# twin, read column by column in each block; a broken structure is an
# error at its FILE:LINE, exit 2), and plain Lemke's lexicographic
# tie-break does not cycle on rounding noise (lex-cycle.dat).
set -u
tool=$1 dir=$2 work=$3
fail=0
check() { if ! eval "$2"; then echo "FAIL: $1"; fail=1; fi; }
mkdir -p "$work" || exit 2

# the sparse-block file and its dense twin: both solved, the same z
out=$("$tool" --print-z "$dir"/blocks.dat); rc=$?
echo "$out"
check "sparse-block file solves (exit 0)" '[ $rc -eq 0 ] && echo "$out" | grep -q "blocks.dat 5 solved "'
dense=$("$tool" --print-z "$dir"/blocks-dense.dat); rc=$?
check "its dense twin solves (exit 0)" '[ $rc -eq 0 ]'
z1=$(echo "$out" | grep '^z =') z2=$(echo "$dense" | grep '^z =')
check "the same z as the dense twin" '[ -n "$z1" ] && [ "$z1" = "$z2" ]'
check "z of the LCP (blocks read column by column)" \
    '[ "$z1" = "z = 0.16666666666666666 0.33333333333333337 0.38095238095238093 0 0.3571428571428571" ]'
out=$("$tool" --plain --print-z "$dir"/blocks.dat); rc=$?
check "--plain reads it too" '[ $rc -eq 0 ] && [ "$(echo "$out" | grep "^z =")" = "$z1" ]'

# no blocks at all: B = 0 (what Siconos writes for an empty matrix)
printf '3\n1\n3\n3\n0\n1 2 0\n' > "$work"/noblocks.dat
out=$("$tool" --print-z "$work"/noblocks.dat); rc=$?
check "no blocks: B = 0, b >= 0 solved by z = 0" '[ $rc -eq 0 ] && echo "$out" | grep -qx "z = 0 0 0"'
printf '3\n1\n3\n3\n0\n1 -2 0\n' > "$work"/noblocks2.dat
"$tool" "$work"/noblocks2.dat >/dev/null 2>&1; rc=$?
check "no blocks and a negative b: not solved (exit 1)" '[ $rc -eq 1 ]'

# broken files: exit 2 and a message at FILE:LINE (line numbers of
# blocks.dat: 5 blocks, 6-7 block rows/columns, 8-9 ends, 10-11 counts,
# 12 row pointers, 13 block columns, 14/16/18 block numbers, 20 q)
bad() {     # bad NAME SED-SCRIPT LINE MESSAGE
    name=$1 at=$1.dat${3:+:$3} msg=$4
    sed "$2" "$dir"/blocks.dat > "$work/$name.dat" || { echo "FAIL: sed $name"; fail=1; }
    "$tool" "$work/$name.dat" >/dev/null 2>"$work/$name.err"; rc=$?
    check "$name: exit 2" '[ $rc -eq 2 ]'
    check "$name: error at $at: $msg" 'grep -q "^ncs-lcp: .*$at: .*$msg" "$work/$name.err"'
}
bad storage '2s/.*/2/' '' 'storage type 2: 0 (dense) or 1 (sparse-block) expected'
bad notsquare '4s/.*/4/' '' "header must be .m 1 m m. (sparse-block, square)"
printf '5793\n1\n5793\n5793\n0\n' > "$work"/huge.dat
"$tool" "$work"/huge.dat >/dev/null 2>"$work"/huge.err; rc=$?
check "m = 5793 (B over 256 MiB): exit 2" '[ $rc -eq 2 ] && grep -q "1 <= m <= 5792" "$work"/huge.err'
bad manyblocks '5s/.*/5/' 7 '5 blocks, more than 2 x 2'
printf '4\n1\n4\n4\n16\n4\n4\n1 2 3 4\n1 2 3 4\n5\n16\n' > "$work"/toolong.dat
"$tool" "$work"/toolong.dat >/dev/null 2>"$work"/toolong.err; rc=$?
check "16 blocks in a file too short to list them: exit 2 at line 7" '[ $rc -eq 2 ] && grep -q "toolong.dat:7: sparse-block matrix: 16 blocks, more than the rest of the file can list" "$work"/toolong.err'
bad rowends '8s/.*/3 2/' 8 "a block row's end (cumulative, increasing) is 2, not in 4..5"
bad lastend '9s/.*/2 4/' 9 'the last block column ends at 4, not at m = 5'
bad count1 '10s/.*/2/' 10 'row pointers. count (block rows + 1) is 2, not in 3..3'
bad count2 '11s/.*/2/' 11 'block columns. count (the number of blocks) is 2, not in 3..3'
bad rowptr '12s/.*/0 2 1/' 12 'a row pointer (0 first, nondecreasing, the number of blocks last) is 1, not in 2..3'
bad lastptr '12s/.*/0 1 2/' 12 'the last row pointer is 2, not the number of blocks 3'
bad colrange '13s/.*/0 0 2/' 13 "a block's column is 2, not in 0..1"
bad twice '13s/.*/0 1 1/' 13 'block column 1 twice in block row 1'
bad order '16s/.*/2/' 16 "the block's number (blocks in order) is 2, not in 1..1"
bad short '19,$d' 18 'block 2 is short (0 of 9 entries)'
bad notint '6s/.*/two/' 6 'the number of block rows: a decimal integer expected'
bad ends '7,$d' 6 'the number of block columns: the file ends before it'
bad shortq '20s/.*/-1 -2 -3/' 22 'q is short (3 of 5 numbers)'
printf '2\n0\n2\n2\n2\t2\n1 0\n0\n' > "$work"/shortB.dat
"$tool" "$work"/shortB.dat >/dev/null 2>"$work"/shortB.err; rc=$?
check "dense: a short B is an error at its line (exit 2)" '[ $rc -eq 2 ] && grep -q "shortB.dat:7: B is short (column 2)" "$work"/shortB.err'

# lex-cycle.dat: plain Lemke (no structure, no fallbacks) solves it
out=$("$tool" --plain "$dir"/lex-cycle.dat); rc=$?
echo "$out"
check "plain Lemke solves the degenerate LCP (exit 0)" '[ $rc -eq 0 ] && echo "$out" | grep -q "lex-cycle.dat 16 solved "'
piv=$(echo "$out" | awk '{print $4}')
check "... without cycling: well under the pivot cap of 900 (pivots: $piv)" '[ -n "$piv" ] && [ "$piv" -lt 100 ]'
exit $fail
