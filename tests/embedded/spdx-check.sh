#!/bin/sh
# spdx-check.sh NCSC DIR SCENE...
# Every file ncsc generates is the project's own code under its licence
# (MIT, LICENSE): for each SCENE, ncsc writes the host target's files and
# the firmware target's (double and float) into fresh directories under
# DIR, and the first line of every generated file must be exactly
#   /* SPDX-License-Identifier: MIT */
# Fails naming the first file without it (or when ncsc fails or writes
# fewer files than the target's 3 or 5). The runtime files the firmware
# target copies into DIR/ncs/ are the project's sources as they are
# (tests/embedded/copy-check.sh).
set -u
ncsc=$1 dir=$2
shift 2
line='/* SPDX-License-Identifier: MIT */'
n=0
for scene in "$@"; do
    base=$(basename "$scene" .ncs)
    for t in host embedded-double embedded-float; do
        d=$dir/$base-$t
        rm -rf "$d"
        mkdir -p "$d" || exit 1
        case $t in
        host) set -- --target host; want=3 ;;
        embedded-double) set -- --target embedded --real double; want=5 ;;
        *) set -- --target embedded --real float; want=5 ;;
        esac
        "$ncsc" "$scene" -o "$d" "$@" || { echo "spdx-check: ncsc failed on $scene ($t)"; exit 1; }
        got=0
        for f in "$d"/*; do
            [ -f "$f" ] || continue     # ncs/: the runtime's files as they are
            got=$((got + 1))
            first=$(head -n 1 "$f")
            if [ "$first" != "$line" ]; then
                echo "spdx-check: no SPDX line: $f (first line: $first)"
                exit 1
            fi
        done
        [ "$got" -eq "$want" ] || { echo "spdx-check: $got files for $scene ($t), expected $want"; exit 1; }
        n=$((n + got))
    done
done
echo "spdx-check: $n files, all start with $line"
