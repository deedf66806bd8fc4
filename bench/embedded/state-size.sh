#!/bin/sh
# state-size.sh - RAM of ncs firmware: <P>_STATE_BYTES = sizeof(<p>_state),
# the caller-owned object that holds everything a scene's steps need (the
# engine's arrays and the LCP solver's workspace, sized at compile time
# from the scene's bounds, docs/engine.md "Sizes"), per scene and element
# type, as arm-none-eabi-gcc lays it out for the Cortex-M4.
#
#   state-size.sh [-c CROSS-GCC] [-n CROSS-NM] [-r] NCSC SCENE.ncs...
#
#   NCSC   the ncsc executable
#   -c/-n  cross compiler and nm (default arm-none-eabi-gcc/-nm, or
#          $NCS_FW_CC / $NCS_FW_NM)
#   -r     also run each scene on the host (`ncsc run --csv -`, the scene's
#          own steps) and report the largest LCP dimension m its steps
#          actually met, and what the state would be with MAX_M = that m
#          (a measured figure for one run, not a bound)
#
# One line per scene and variant:
#   scene variant MAX_M MAX_CONTACTS state solver tableau A [m(run) state@m(run)]
# in bytes, where solver is the contact-space LCP workspace the state holds
# (NCS_LCP_CS_WORKSPACE_REALS(MAX_M, MAX_CONTACTS) reals), tableau the part
# of it that is Lemke's tableau (MAX_M (MAX_M + 2) reals, its only
# quadratic array) and A the island's contact space ((MAX_CONTACTS (1 +
# NFRIC))^2 reals, in the engine's memory): the terms that grow
# quadratically. Exit status 0, 1 when a tool failed, 2 bad usage.
set -u
cc=${NCS_FW_CC:-arm-none-eabi-gcc}
nm=${NCS_FW_NM:-arm-none-eabi-nm}
run=0
usage() {
    echo "usage: state-size.sh [-c CROSS-GCC] [-n CROSS-NM] [-r] NCSC SCENE.ncs..." >&2
    exit 2
}
while getopts c:n:r opt; do
    case $opt in
    c) cc=$OPTARG ;;
    n) nm=$OPTARG ;;
    r) run=1 ;;
    *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ $# -ge 2 ] || usage
ncsc=$1
shift
case $ncsc in
/*) ;;
*) ncsc=$(pwd)/$ncsc ;;     # the runs below change folders
esac
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
cpu="-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16"

# probe DIR PREFIX MAXM: prints "state ws tableau A" in bytes for the generated
# header DIR/PREFIX.h, with <P>_MAX_M overridden to MAXM when non-empty.
probe() {
    up=$(echo "$2" | tr 'a-z' 'A-Z')
    h=$1/$2.h
    if [ -n "$3" ]; then
        sed "s/^#define ${up}_MAX_M [0-9]*/#define ${up}_MAX_M $3/" "$1/$2.h" >"$1/probe_$2.h" || return 1
        h=$1/probe_$2.h
    fi
    nu="((size_t)${up}_MAX_CONTACTS * (1 + ${up}_NFRIC))"
    cat >"$1/probe.c" <<EOF
#include "$h"
char ncs_probe_state[${up}_STATE_BYTES];
char ncs_probe_ws[sizeof(ncs_real) * NCS_LCP_CS_WORKSPACE_REALS(${up}_MAX_M, ${up}_MAX_CONTACTS)];
char ncs_probe_b[sizeof(ncs_real) * ${up}_MAX_M * (${up}_MAX_M + 2)];
char ncs_probe_a[sizeof(ncs_real) * $nu * $nu];
EOF
    # shellcheck disable=SC2086
    $cc $cpu -std=c99 -fno-common -I"$1" -c "$1/probe.c" -o "$1/probe.o" || return 1
    "$nm" -S -t d "$1/probe.o" | awk '
        { s[$4] = $2 + 0 }
        END { printf "%d %d %d %d\n", s["ncs_probe_state"], s["ncs_probe_ws"], s["ncs_probe_b"],
              s["ncs_probe_a"] }'
}

printf "%-26s %-7s %6s %5s %9s %9s %9s %9s" scene variant MAX_M MAX_C state solver tableau A
[ $run -eq 1 ] && printf " %9s %16s" "m(run)" "state@m(run)"
echo
for scene in "$@"; do
    base=$(basename "$(dirname "$scene")")/$(basename "$scene" .ncs)
    scene=$(cd "$(dirname "$scene")" && pwd)/$(basename "$scene") || exit 2
    maxrun=
    if [ $run -eq 1 ]; then
        (cd "$tmp" && NCS_RUN_DIR="$tmp/run" "$ncsc" run "$scene" --csv - --quiet) >"$tmp/run.csv" 2>"$tmp/run.err" ||
            { echo "state-size: ncsc run $scene failed:" >&2; tail -n 3 "$tmp/run.err" >&2; }
        maxrun=$(awk -F, 'NR > 1 && $12 + 0 > m { m = $12 + 0 } END { print m + 0 }' "$tmp/run.csv")
    fi
    for variant in double float; do
        d=$tmp/$base-$variant
        mkdir -p "$d"
        if ! "$ncsc" "$scene" -o "$d" --prefix p --target embedded --real $variant >"$d/ncsc.log" 2>&1; then
            printf "%-26s %-7s %s\n" "$base" $variant "not compiled: $(head -n 1 "$d/ncsc.log")"
            continue
        fi
        maxm=$(sed -n 's/^#define P_MAX_M \([0-9]*\).*/\1/p' "$d/p.h")
        maxc=$(sed -n 's/^#define P_MAX_CONTACTS \([0-9]*\).*/\1/p' "$d/p.h")
        sizes=$(probe "$d" p "") || exit 1
        # shellcheck disable=SC2086
        set -- $sizes
        printf "%-26s %-7s %6s %5s %9s %9s %9s %9s" "$base" $variant "$maxm" "$maxc" "$1" "$2" "$3" "$4"
        if [ $run -eq 1 ] && [ -n "$maxrun" ] && [ "$maxrun" -gt 0 ]; then
            at=$(probe "$d" p "$maxrun") || exit 1
            printf " %9s %16s" "$maxrun" "${at%% *}"
        fi
        echo
    done
done
exit 0
