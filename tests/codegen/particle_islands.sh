#!/bin/sh
# particle_islands.sh NCSC WORK - sizes by what can meet (issue 26): two
# particles never meet (no particle-particle contact), so N separate
# particles falling onto a floor are N islands of one body each. Checks
# that <P>_MAX_M of 1000 particles is that of one (the island bound of one
# particle: 16 for both; 23000 before islands, 23 while the local scale
# took the floor's 2000 m length for its size, where its 1 m width counts),
# while <P>_MAX_PAIRS grows with N (the step's pairs), and that
# `ncsc run` holds the 1000 particles for 200 steps with every step
# solved or free of contacts ('none': the particles start 0.02 m above
# the floor). Two discs can meet: their MAX_M is twice one disc's.
set -u
ncsc=$1 work=$2
fail() { echo "particle_islands: $*" >&2; exit 1; }
rm -rf "$work" && mkdir -p "$work" || exit 2
cd "$work" || exit 2
scene() { # NAME KIND N
    awk -v name="$1" -v kind="$2" -v n="$3" 'BEGIN {
        printf "scene %s { h = 0.01; steps = 200; gravity = (0, -9.81); friction = 0.5; }\n", name
        printf "obstacle floor polygon { outer (-2, -1) (%d, -1) (%d, 0) (-2, 0); }\n", 2 * n, 2 * n
        for (i = 0; i < n; i++)
            if (kind == "particle")
                printf "body b%d particle { mass = 1; position = (%d, 0.02); }\n", i, 2 * i
            else
                printf "body b%d disc { mass = 1; radius = 0.1; position = (%d, 0.12); }\n", i, 2 * i
        printf "expect every step solved;\n" }' >"$1.ncs"
}
val() { sed -n "s/^#define $2_$3 \([0-9][0-9]*\) .*/\1/p" "$1/$1.h"; }
for x in "p1 particle 1" "p1000 particle 1000" "d1 disc 1" "d2 disc 2"; do
    set -- $x
    scene "$1" "$2" "$3"
    "$ncsc" "$1.ncs" -o "$1" 2>err.txt || fail "ncsc $1.ncs failed: $(cat err.txt)"
done
m1=$(val p1 P1 MAX_M) m1000=$(val p1000 P1000 MAX_M)
p1=$(val p1 P1 MAX_PAIRS) p1000=$(val p1000 P1000 MAX_PAIRS)
[ -n "$m1" ] && [ -n "$m1000" ] && [ -n "$p1" ] && [ -n "$p1000" ] || fail "no sizes in the headers"
[ "$m1000" -le "$m1" ] || fail "1000 particles: MAX_M $m1000, one particle: $m1 (expected the same)"
[ "$p1000" -ge $((1000 * p1)) ] || fail "1000 particles: MAX_PAIRS $p1000 < 1000 x $p1"
d1=$(val d1 D1 MAX_M) d2=$(val d2 D2 MAX_M)
[ -n "$d1" ] && [ -n "$d2" ] && [ "$d2" -gt "$d1" ] ||
    fail "two discs can meet: MAX_M $d2 should exceed one disc's $d1"
"$ncsc" run p1000.ncs --csv p1000.csv >out.txt 2>err.txt || fail "ncsc run p1000.ncs failed: $(cat err.txt)"
grep -q "expectations passed" err.txt || fail "expectations not passed: $(cat err.txt)"
awk -F, 'NR > 1 && $1 >= 1 { n++; if ($10 == "solved") ok++; else if ($10 != "none") bad++ }
         END { exit !(n == 200 * 1000 && bad == 0 && ok >= 190 * 1000) }' p1000.csv ||
    fail "p1000.csv: not 200 steps x 1000 bodies, every one solved or free (190 steps solved)"
echo "particle_islands: MAX_M $m1 and $m1000 for 1 and 1000 particles (pairs $p1 and $p1000); discs $d1, $d2; 1000 particles ran 200 steps"
