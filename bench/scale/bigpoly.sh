#!/bin/sh
# bigpoly.sh NCSC [N...] - ncsc on one obstacle of many vertices
# (docs/performance.md, "Vertices"): for a saw, a star and a circle
# (tests/geometry/bigpoly.sh) of N vertices each (default 1000 10000
# 100000), the wall and processor seconds and the peak memory of
# `ncsc -o` (GNU time), and the size of the generated C. Reports numbers;
# asserts nothing (exit status 0 unless a tool is missing or ncsc fails).
# Run from the source tree; the scenes and their output go to
# ${TMPDIR:-/tmp}/ncs-bigpoly.
set -eu
ncsc=${1:?usage: bigpoly.sh NCSC [N...]}
shift
[ $# -gt 0 ] || set -- 1000 10000 100000
here=$(dirname "$0")
gen=$here/../../tests/geometry/bigpoly.sh
work=${TMPDIR:-/tmp}/ncs-bigpoly
[ -x /usr/bin/time ] || { echo "bigpoly.sh: needs GNU time (/usr/bin/time)" >&2; exit 2; }
mkdir -p "$work"
printf '%-6s %8s %8s %8s %8s %10s\n' shape vertices wall_s cpu_s peak_MB C_MB
for kind in saw star circle; do
    for n in "$@"; do
        scene=$work/$kind$n.ncs out=$work/$kind$n
        sh "$gen" "$kind" "$n" >"$scene"
        rm -rf "$out"
        /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$ncsc" -o "$out" "$scene"
        read -r wall user sys kb <"$work/time"
        bytes=$(cat "$out"/*.c "$out"/*.h | wc -c)
        awk -v k="$kind" -v n="$n" -v w="$wall" -v u="$user" -v s="$sys" -v kb="$kb" -v b="$bytes" \
            'BEGIN { printf "%-6s %8d %8.2f %8.2f %8.1f %10.1f\n", k, n, w, u + s, kb / 1024, b / 1e6 }'
    done
done
