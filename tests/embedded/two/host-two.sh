#!/bin/sh
# host-two.sh SIM-A SIM-B [ARGS...] - runs the two host simulators with the
# same arguments, one after the other (what two_main.c prints on the board).
# Exit status: the first nonzero one, or 0.
set -u
a=$1 b=$2
shift 2
"$a" "$@" || exit $?
"$b" "$@" || exit $?
