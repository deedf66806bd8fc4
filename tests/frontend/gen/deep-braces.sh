#!/bin/sh
# A block nested 10000 braces deep and closed again: one syntax error at the
# first stray '{', no error per stray '}' and never a stack overflow. Then
# 10000 more '{' that are never closed: the end of the file closes them.
printf 'scene s { h = 1; steps = 1; }\nbody p particle '
awk 'BEGIN { for (i = 0; i < 10000; i++) printf "{"; printf " mass = 1; "; for (i = 0; i < 10000; i++) printf "}"; printf "\n" }'
printf 'body q particle { mass = -1; }\nbody r particle '
awk 'BEGIN { for (i = 0; i < 10000; i++) printf "{"; printf "\n" }'
