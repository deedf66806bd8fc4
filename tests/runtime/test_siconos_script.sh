#!/bin/sh
# test_siconos_script.sh SCRIPT NCS_LCP FORMATS_DIR WORK_DIR - the Siconos
# cross-check script (bench/runtime/siconos_lcp.sh): skips cleanly without
# a folder, reports one line per file and a summary, fails on a file that
# ncs-lcp cannot read.
set -u
script=$1 tool=$2 dir=$3 work=$4
fail=0
check() { if ! eval "$2"; then echo "FAIL: $1"; fail=1; fi; }
mkdir -p "$work/broken" || exit 2

out=$(sh "$script" "$tool"); rc=$?
check "no folder: skipped with a message, exit 0" '[ $rc -eq 0 ] && echo "$out" | grep -q "^siconos_lcp: skipped: no Siconos LCP data folder given"'
sh "$script" 2>/dev/null; rc=$?
check "no ncs-lcp: usage error, exit 2" '[ $rc -eq 2 ]'
sh "$script" "$tool" "$work/none" 2>/dev/null; rc=$?
check "a folder that does not exist: exit 2" '[ $rc -eq 2 ]'

out=$(sh "$script" "$tool" "$dir"); rc=$?
echo "$out"
check "the formats folder: exit 0" '[ $rc -eq 0 ]'
check "one line per file" '[ "$(echo "$out" | grep -c "^[a-z-]*\.dat [0-9]* | ")" -eq 3 ]'
check "the sparse-block file, both ways" 'echo "$out" | grep -qx "blocks.dat 5 | solved 5 [^ ]* | solved 5 [^ ]* |"'
check "lex-cycle solved by --plain" 'echo "$out" | grep -q "^lex-cycle.dat 16 | solved [0-9]* [^ ]* | solved [0-9]* "'
check "the summary" 'echo "$out" | grep -q "^siconos_lcp: 3 files: 3 solved (full strategy), 3 by --plain alone, 0 not read, 0 failed$"'

cp "$dir"/blocks.dat "$work/broken/good.dat"
printf '2\n1\n2\n2\n1\n1\n1\n2\n2\n2\n1\n0 1\n0\n0\n1 0 0\n' > "$work/broken/short.dat"
printf '1\n0\n1\n1\n1\t1\n-1\n-1\n' > "$work/broken/nosol.dat"
out=$(sh "$script" "$tool" "$work/broken"); rc=$?
echo "$out"
check "a file that cannot be read: exit 1" '[ $rc -eq 1 ]'
check "... named with ncs-lcp's message" 'echo "$out" | grep -q "^short.dat: not read: ncs-lcp: .*short.dat:15: sparse-block matrix: block 0 is short (3 of 4 entries)"'
check "an LCP without a solution is reported, not solved" 'echo "$out" | grep -q "^nosol.dat 1 | ray " && echo "$out" | grep -q "not solved: nosol.dat"'
check "the others still run" 'echo "$out" | grep -q "^good.dat 5 | solved "'
exit $fail
