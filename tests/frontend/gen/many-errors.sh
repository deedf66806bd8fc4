#!/bin/sh
# 300 independent errors: the first 100 are shown, then "too many errors".
printf 'scene s { h = 1; steps = 1; }\nbody p particle { mass = 1; }\n'
awk 'BEGIN { for (i = 0; i < 300; i++) print "@" }'
