#!/bin/sh
# speed.sh SIM MODE LIMIT XBOUND
# Runs SIM --csv - and looks at its first body: the largest drop of vx
# between two consecutive steps, and x at the end.
#   MODE smooth: passes when the largest drop <= LIMIT and final x >= XBOUND
#                (nothing caught the body: only friction slowed it);
#   MODE caught: passes when the largest drop >= LIMIT and final x <= XBOUND
#                (a virtual edge caught it).
set -eu
sim=$1 mode=$2 limit=$3 xb=$4
name=$("$sim" --csv - --quiet | sed -n 2p | cut -d, -f3)
"$sim" --csv - --quiet | awk -F, -v b="$name" -v mode="$mode" -v lim="$limit" -v xb="$xb" '
    NR > 1 && $3 == b {
        if (seen && prev - $7 > drop) { drop = prev - $7; at = $1 }
        prev = $7; seen = 1; x = $4
    }
    END {
        printf "largest one-step loss of vx %.9g (step %d), final x %.9g\n", drop, at, x
        if (mode == "smooth") exit !(drop <= lim && x >= xb)
        if (mode == "caught") exit !(drop >= lim && x <= xb)
        exit 2
    }'
