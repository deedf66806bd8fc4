#!/bin/sh
# A 1 MB identifier used as an unknown setting: messages quote a prefix only.
printf 'scene s { h = 1; steps = 1; }\nbody p particle { mass = 1; '
awk 'BEGIN { s = "abcdefghij"; for (i = 0; i < 100000; i++) printf "%s", s }'
printf ' = 2; }\n'
