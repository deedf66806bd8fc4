#!/bin/sh
# A value nested 10000 parentheses deep: a syntax error, never a stack overflow.
printf 'scene s { h = 1; steps = 1; }\nbody p particle { mass = 1; position = '
awk 'BEGIN { for (i = 0; i < 10000; i++) printf "("; printf "1"; for (i = 0; i < 10000; i++) printf ")" }'
printf '; }\n'
