#!/bin/sh
# bigpoly_check.sh NCSC SRCDIR WORK - one obstacle of 10^4 vertices through
# ncsc (docs/performance.md, "Vertices"; untimed): a star (tests/geometry/
# bigpoly.sh) compiled by `ncsc -o`, built and run for 40 steps by
# `ncsc run` with its ball (0.1 m above the top spike's tip) landing and
# resting there; a saw of the same size,
# whose state cannot be held (docs/performance.md says why), refused by
# ncsc with the capacity that fits, then compiled with it and its C checked
# by the C compiler.
set -u
ncsc=$1 src=$2 work=$3
gen=$src/bigpoly.sh
fail() { echo "bigpoly_check: $*" >&2; exit 1; }
rm -rf "$work"
mkdir -p "$work" || exit 1
cd "$work" || exit 1

sh "$gen" star 10000 >star.ncs || fail "bigpoly.sh star failed"
nverts=$(grep -c '^        (' star.ncs) || fail "star.ncs holds no vertices"
[ "$nverts" -eq 10000 ] || fail "star.ncs holds $nverts vertices, not 10000"
"$ncsc" -o star star.ncs 2>err.txt || fail "ncsc -o star failed: $(cat err.txt)"
for f in big.h big.c big_main.c; do
    [ -s "star/$f" ] || fail "ncsc -o star wrote no $f"
done
# every spike is a piece of its own: 5000 spikes and the core
sed -n '/^static const ncs_piece big_obst_pieces\[\] = {$/,/^};$/p' star/big.c >pieces.txt ||
    fail "cannot read star/big.c"
pieces=$(grep -c '^    {' pieces.txt) || fail "no piece table in star/big.c"
[ "$pieces" -ge 5001 ] || fail "star/big.c holds ${pieces:-no} pieces, expected at least 5001"

"$ncsc" run star.ncs --steps 40 --csv star.csv >out.txt 2>err.txt ||
    fail "ncsc run star.ncs failed: $(cat err.txt)"
grep -q "^big: 40 steps ([1-9][0-9]* with contacts" err.txt || fail "no contact in 40 steps: $(cat err.txt)"
grep -q "expectations passed" err.txt || fail "expectations not checked: $(cat err.txt)"
lines=$(wc -l <star.csv) || fail "no star.csv"
[ "$lines" -eq 42 ] || fail "star.csv: expected 42 lines, got $lines"
# the ball (radius 0.1) rests on the spike's tip at (0, 100): centre at
# 100.1, at rest, its contact solved
awk -F, 'END { exit !($3 == "ball" && $5 > 100.0999 && $5 < 100.1001 && $8 > -1e-6 &&
                      $8 < 1e-6 && $10 == "solved") }' star.csv ||
    fail "ball not resting on the tip: $(tail -1 star.csv)"

sh "$gen" saw 10000 >saw.ncs || fail "bigpoly.sh saw failed"
# its state cannot be held (islands of 110444 rows): refused at the scene's
# name, nothing written, with the capacity that fits; that capacity compiles
"$ncsc" -o saw saw.ncs 2>err.txt
rc=$?
[ $rc -eq 1 ] || fail "ncsc -o saw: exit $rc, expected 1 (the state cannot be held): $(cat err.txt)"
grep -q "^saw.ncs:1:7: error: the state of scene 'big' would need [0-9]* bytes" err.txt ||
    fail "ncsc -o saw: not the state's error: $(cat err.txt)"
[ ! -e saw ] || fail "ncsc -o saw failed but wrote saw/"
cap=$(sed -n 's/.*set `capacity = \([0-9][0-9]*\)` or less.*/\1/p' err.txt)
[ -n "$cap" ] || fail "ncsc -o saw: no capacity named: $(cat err.txt)"
sed "s/^scene big {/scene big { capacity = $cap;/" saw.ncs >sawcap.ncs
grep -q "capacity = $cap;" sawcap.ncs || fail "cannot set the capacity in sawcap.ncs"
"$ncsc" -o saw sawcap.ncs 2>err.txt || fail "ncsc -o saw (capacity $cap) failed: $(cat err.txt)"
${CC:-cc} -std=c99 -pedantic -Wall -Wextra -Werror -fsyntax-only -I"$src/../../runtime/include" \
    -Isaw saw/big.c 2>err.txt || fail "saw/big.c does not compile: $(head -5 err.txt)"
echo "bigpoly_check: star of 10000 vertices compiled and run 40 steps (the ball rests on the tip); saw of 10001 refused," \
     "then compiled with capacity $cap"
