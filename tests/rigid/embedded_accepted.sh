#!/bin/sh
# embedded_accepted.sh NCSC SCENE DIR CC
# Scenes of the rigid-body path (polygon bodies, or bodies that can touch
# each other) compile with --target embedded (docs/embedded.md): for double
# and float, ncsc exits 0 and writes the five files; no identifier of the
# host runtime (ncs_*, NCS_*) is left, nothing includes a runtime header
# (ncs/...), GSL, stdio or stdlib; the library part (<p>.c, <p>_lcp.c)
# compiles with CC -ffreestanding -std=c99 -Wpedantic -Wall -Wextra -Werror
# (and -Wdouble-promotion for float), and the whole program links and runs
# its steps on the host (exit status 0: every step solved).
set -u
ncsc=$1 scene=$2 dir=$3 cc=$4
fail() { echo "embedded_accepted: $*" >&2; exit 1; }
for v in double float; do
    d=$dir/$v
    rm -rf "$d"
    mkdir -p "$d" || exit 1
    "$ncsc" "$scene" -o "$d" --prefix fw --target embedded --real "$v" || fail "ncsc failed ($v)"
    for f in fw.h fw.c fw_main.c fw_lcp.h fw_lcp.c; do
        [ -s "$d/$f" ] || fail "$v: $f missing"
    done
    if grep -n -E '\b(ncs|NCS)_[A-Za-z0-9_]+' "$d"/fw*.[ch]; then
        fail "$v: host runtime names left"
    fi
    if grep -n -E '#include *["<](ncs/|gsl|stdio|stdlib)' "$d/fw.h" "$d/fw.c" "$d/fw_lcp.h" "$d/fw_lcp.c"; then
        fail "$v: library part includes a host header"
    fi
    extra=""
    [ "$v" = float ] && extra=-Wdouble-promotion
    for f in fw.c fw_lcp.c; do
        # shellcheck disable=SC2086
        "$cc" -ffreestanding -std=c99 -Wpedantic -Wall -Wextra -Werror $extra \
            -I"$d" -c "$d/$f" -o "$d/$f.o" || fail "$v: $f does not compile with the library flags"
    done
    "$cc" -std=c99 -Wpedantic -Wall -Wextra -Werror -I"$d" -o "$d/fw" "$d/fw.c" \
        "$d/fw_lcp.c" "$d/fw_main.c" -lm || fail "$v: the program does not build"
    "$d/fw" >"$d/out.csv" || fail "$v: a step failed (exit status $?)"
    rows=$(wc -l <"$d/out.csv")
    [ "$rows" -gt 2 ] || fail "$v: only $rows rows printed"
    echo "$v: ok, $rows rows"
done
