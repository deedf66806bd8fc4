#!/bin/sh
# embedded_accepted.sh NCSC SCENE DIR CC
# Scenes with polygon bodies, or bodies that can touch each other, compile
# with --target embedded (docs/embedded.md): for double and float, ncsc
# exits 0 and writes the five files and the runtime core's copy (ncs/);
# the library part (<p>.h, <p>.c, <p>_ncs.h) includes no GSL, stdio or
# stdlib and no simulator header; <p>.c and the copy <p>_ncs.c compile with
# CC -ffreestanding -std=c99 -Wpedantic -Wall -Wextra -Werror (and
# -Wdouble-promotion for float); the program links, defines no runtime
# symbol without the scene's prefix (the copy's names are fw_...), and
# runs every step on the host (exit status 0: every step solved).
set -u
ncsc=$1 scene=$2 dir=$3 cc=$4
fail() { echo "embedded_accepted: $*" >&2; exit 1; }
for v in double float; do
    d=$dir/$v
    rm -rf "$d"
    mkdir -p "$d" || exit 1
    "$ncsc" "$scene" -o "$d" --prefix fw --target embedded --real "$v" || fail "ncsc failed ($v)"
    for f in fw.h fw.c fw_main.c fw_ncs.h fw_ncs.c ncs/one.c ncs/world.c; do
        [ -s "$d/$f" ] || fail "$v: $f missing"
    done
    if grep -n -E '#include *["<](ncs/sim|gsl|stdio|stdlib)' "$d/fw.h" "$d/fw.c" "$d/fw_ncs.h"; then
        fail "$v: library part includes a host header"
    fi
    extra=""
    [ "$v" = float ] && extra=-Wdouble-promotion
    for f in fw.c fw_ncs.c; do
        # shellcheck disable=SC2086
        "$cc" -ffreestanding -std=c99 -Wpedantic -Wall -Wextra -Werror $extra \
            -I"$d" -c "$d/$f" -o "$d/$f.o" || fail "$v: $f does not compile with the library flags"
    done
    "$cc" -std=c99 -Wpedantic -Wall -Wextra -Werror -I"$d" -o "$d/fw" "$d/fw.c" \
        "$d/fw_ncs.c" "$d/fw_main.c" -lm || fail "$v: the program does not build"
    nm -g --defined-only "$d/fw" >"$d/syms" || fail "$v: nm cannot read the program"
    if awk '{ print $3 }' "$d/syms" | grep -E '^ncs_'; then
        fail "$v: runtime symbols without the prefix"
    fi
    "$d/fw" >"$d/out.csv" || fail "$v: a step failed (exit status $?)"
    rows=$(wc -l <"$d/out.csv")
    [ "$rows" -gt 2 ] || fail "$v: only $rows rows printed"
    echo "$v: ok, $rows rows"
done
