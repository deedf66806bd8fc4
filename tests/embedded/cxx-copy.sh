#!/bin/sh
# cxx-copy.sh NCSC CXX WORK-DIR SCENE...
# C++ programs embed the firmware copy too (issue 28): for each SCENE, in
# double and float, the firmware target's <p>.c, <p>_main.c and the copy
# <p>_ncs.c (the amalgamated runtime core: no `restrict`, casts from
# void *, no names that clash with the C++ library) compile as C++ with
#   CXX -x c++ -Wall -Wextra -Werror -c
# with and without -D<P>_CONTACT_REPORTS. Fails naming the first file that
# does not; exit 77 (skipped) without a C++ compiler.
set -u
[ $# -ge 4 ] || { echo "usage: cxx-copy.sh NCSC CXX WORK-DIR SCENE..." >&2; exit 2; }
ncsc=$1 cxx=$2 work=$3
shift 3
command -v "$cxx" >/dev/null 2>&1 || { echo "cxx-copy: no C++ compiler '$cxx': skipped"; exit 77; }
rm -rf "$work"
mkdir -p "$work" || exit 1
n=0
for scene in "$@"; do
    for v in double float; do
        d=$work/$(basename "$scene" .ncs)-$v
        "$ncsc" "$scene" -o "$d" --prefix w --target embedded --real $v 2>"$d.err" ||
            { echo "cxx-copy: ncsc failed on $scene: $(cat "$d.err")"; exit 1; }
        for def in "" -DW_CONTACT_REPORTS; do
            for f in w.c w_main.c w_ncs.c; do
                # shellcheck disable=SC2086
                if ! "$cxx" -x c++ -Wall -Wextra -Werror $def -I"$d" -c "$d/$f" \
                        -o "$d/$f.o" 2>"$d/$f.err"; then
                    echo "cxx-copy: $scene ($v$def): $f does not compile as C++:"
                    head -n 20 "$d/$f.err"
                    exit 1
                fi
                n=$((n + 1))
            done
        done
    done
done
echo "cxx-copy: $n compiles as C++ ($# scenes x double, float x with and without contact reports x 3 files)"
