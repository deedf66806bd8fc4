#!/bin/sh
# optimised_check.sh NCSC INCLUDE_DIR CC SCENE.ncs...
# Compiles each scene's generated <p>.c and <p>_main.c under every
# formulation with -O3 and with -Os, -std=c99 -pedantic -Wall -Wextra
# -Werror: GCC's flow-sensitive warnings (-Wmaybe-uninitialized and the
# like) only run with optimisation, so a user's Release build can fail where
# the suite's RelWithDebInfo build passes. Exit 1 on the first failure.
set -u
ncsc=$1 inc=$2 cc=$3
shift 3
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
for scene in "$@"; do
    for form in stewart max summation diff diff-accurate; do
        rm -rf "$tmp/o" && mkdir "$tmp/o" || exit 1
        if ! "$ncsc" "$scene" -o "$tmp/o" --prefix p --formulation "$form" >"$tmp/log" 2>&1; then
            echo "ncsc failed on $scene ($form):" >&2
            cat "$tmp/log" >&2
            exit 1
        fi
        for opt in -O3 -Os; do
            for f in p.c p_main.c; do
                if ! "$cc" $opt -std=c99 -pedantic -Wall -Wextra -Werror -I"$inc" \
                        -c "$tmp/o/$f" -o "$tmp/o/x.o" 2>"$tmp/log"; then
                    echo "$scene ($form, $opt): $f does not compile warning-free:" >&2
                    head -20 "$tmp/log" >&2
                    exit 1
                fi
            done
        done
    done
done
echo "optimised builds clean: $# scenes x 5 formulations x -O3/-Os"
