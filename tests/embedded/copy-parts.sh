#!/bin/sh
# copy-parts.sh NCSC SOURCE-DIR WORK-DIR
# The parts a firmware copy leaves out when its scene cannot need them
# (ncs/config.h: NCS_WORLD_POLYGONS, NCS_WORLD_BODY_PAIRS; docs/embedded.md,
# "Size"): for three scenes written into one folder, double,
#   pa  examples/paper/fig3a-max.ncs (one particle): both parts 0;
#   pb  examples/rigid/tip.ncs (one polygon body): polygons 1, pairs 0;
#   pc  examples/rigid/stack.ncs (two boxes and a disc): both 1;
# then copy-parts.c, compiled with $CC (default cc) against the three
# copies, checks that each copy's ncs_world_init takes its own scene and
# that pa's copy refuses the other two scenes (a polygon body; bodies that
# can meet) and pb's copy refuses pc's (bodies that can meet), and that
# pa's own scene steps and ends where its expectation says.
# Exit status 0 when all hold, 1 otherwise.
set -u
[ $# -eq 3 ] || { echo "usage: copy-parts.sh NCSC SOURCE-DIR WORK-DIR" >&2; exit 2; }
ncsc=$1 src=$2 work=$3
cc=${CC:-cc}
fail() { echo "copy-parts: $*"; exit 1; }
rm -rf "$work"
mkdir -p "$work" || exit 1
for s in "pa examples/paper/fig3a-max.ncs 0 0" "pb examples/rigid/tip.ncs 1 0" \
         "pc examples/rigid/stack.ncs 1 1"; do
    set -- $s
    "$ncsc" "$src/$2" -o "$work" --prefix "$1" --target embedded --real double ||
        fail "ncsc failed on $2"
    grep -qx "#define NCS_WORLD_POLYGONS $3" "$work/$1_ncs.h" ||
        fail "$1_ncs.h: NCS_WORLD_POLYGONS is not $3"
    grep -qx "#define NCS_WORLD_BODY_PAIRS $4" "$work/$1_ncs.h" ||
        fail "$1_ncs.h: NCS_WORLD_BODY_PAIRS is not $4"
done
"$cc" -std=c99 -pedantic -Wall -Wextra -Werror -I"$work" -o "$work/copy-parts" \
    "$src/tests/embedded/copy-parts.c" "$work/pa.c" "$work/pa_ncs.c" "$work/pb.c" \
    "$work/pb_ncs.c" "$work/pc.c" "$work/pc_ncs.c" -lm || fail "the program did not build"
"$work/copy-parts" || fail "copy-parts failed (exit status $?)"
echo "copy-parts: ok"
