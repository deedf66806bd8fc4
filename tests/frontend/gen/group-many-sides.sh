#!/bin/sh
# An explicit group of 2000 sides (a regular polygon around the origin) and
# 200 discs and particles around it: placing the bodies must take
# O(sides^2) once plus O(sides) per body. Testing every pair of side lines
# as a corner took O(sides^3) per body (10^12 steps here; a 30 KB scene with
# 400 sides and 50 bodies took 4 s). One particle starts inside. The
# discs (0.754 apart on their circle) have radius 0.3 so that they do not
# overlap each other, which is an error too (issue 28).
printf 'scene s { h = 0.01; steps = 1; }\nobstacle ring group {\n'
awk 'BEGIN { n = 2000; pi = atan2(0, -1)
    for (i = 0; i < n; i++) {
        c = cos(2 * pi * i / n); s = sin(2 * pi * i / n)
        printf "    side (%.17g, %.17g) normal (%.17g, %.17g);\n", 10 * c, 10 * s, c, s
    } }'
printf '}\n'
awk 'BEGIN { pi = atan2(0, -1)
    for (i = 0; i < 200; i++) {
        c = cos(2 * pi * i / 200); s = sin(2 * pi * i / 200)
        if (i % 2)
            printf "body d%d disc { mass = 1; radius = 0.3; position = (%.17g, %.17g); }\n", i, 12 * c, 12 * s
        else
            printf "body p%d particle { mass = 1; position = (%.17g, %.17g); }\n", i, 11 * c, 11 * s
    } }'
printf 'body inner particle { mass = 1; position = (1, 2); }\n'
