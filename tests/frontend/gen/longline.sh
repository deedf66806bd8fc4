#!/bin/sh
# A scene whose error sits at the end of a 1 MB line: the message must show a
# window around the caret, not the whole line, and stay fast.
printf 'scene s { h = 1; steps = 1; }\nbody p particle { mass = '
awk 'BEGIN { s = "          "; for (i = 0; i < 100000; i++) printf "%s", s }'
printf -- '-1; }\n'
