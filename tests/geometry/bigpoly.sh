#!/bin/sh
# bigpoly.sh KIND N - writes to stdout a scene with one obstacle of about N
# vertices and a disc resting above it, for the large-polygon test and
# bench/scale/bigpoly.sh (docs/performance.md, "Vertices").
#   saw   a saw of N/2 teeth of width 1 and height 0.5 on a base 1 deep
#         (N + 3 vertices, rounded down to an odd count); the disc sits
#         above the middle tooth
#   star  N vertices (N even) on circles of radius 100 and 50 alternately,
#         evenly spaced in angle: N/2 thin spikes; the disc starts above
#         the top spike
#   circle  N vertices on a circle of radius 100 (one convex piece of N
#         sides); the disc starts above the top vertex
# Exit status 2 on a bad argument.
set -eu
kind=${1:-}
n=${2:-}
case $n in ''|*[!0-9]*) echo "usage: bigpoly.sh saw|star|circle N" >&2; exit 2 ;; esac
case $kind in
saw|star|circle) ;;
*) echo "usage: bigpoly.sh saw|star|circle N" >&2; exit 2 ;;
esac
awk -v kind="$kind" -v n="$n" 'BEGIN {
    printf "scene big {\n    h = 0.01;\n    steps = 5;\n    gravity = (0, -9.81);\n"
    printf "    formulation = max;\n    friction = 0.3;\n}\n"
    printf "obstacle big polygon {\n    outer"
    if (kind == "saw") {
        t = int(n / 2); if (t < 1) t = 1
        printf " (0, -1) (%d, -1)", t
        for (i = t; i >= 1; i--) printf "\n        (%d, 0) (%.1f, 0.5)", i, i - 0.5
        printf " (0, 0);\n}\n"
        x = t / 2.0; if (t % 2 == 0) x = t / 2 - 0.5
        printf "body ball disc {\n    mass = 1;\n    radius = 0.1;\n"
        printf "    position = (%.17g, 0.65);\n}\n", x
    } else {
        m = kind == "star" ? 2 * int(n / 2) : n; if (m < 6) m = 6
        pi = atan2(0, -1)
        for (i = 0; i < m; i++) {
            r = (i % 2 == 0 || kind == "circle") ? 100 : 50
            a = pi / 2 + 2 * pi * i / m
            printf "\n        (%.17g, %.17g)", r * cos(a), r * sin(a)
        }
        printf ";\n}\n"
        printf "body ball disc {\n    mass = 1;\n    radius = 0.1;\n"
        printf "    position = (0, 100.2);\n}\n"
    }
    printf "expect every step solved;\n"
}'
