#!/bin/sh
# copy-check.sh NCSC SOURCE-DIR WORK-DIR SCENE-A SCENE-B
# The files of `ncsc --target embedded` (docs/embedded.md): for SCENE-A in
# double and float, and SCENE-B next to it in the same folder,
#   - exactly <p>.h, <p>.c, <p>_main.c, <p>_ncs.h, <p>_ncs.c per scene and
#     one ncs/ folder holding the runtime core's files, each the same bytes
#     as SOURCE-DIR/runtime/src/<f> or runtime/include/ncs/<f> (no text
#     rewriting), so both scenes share it;
#   - <p>.h includes <p>_ncs.h before ncs/world.h; <p>_ncs.c is the two
#     includes; <p>_ncs.h sets NCS_PREFIX <p> and the element type, then
#     includes ncs/prefix.h;
#   - no simulator data (ncs/sim.h), and float literals for float;
#   - a file that includes <p>.h compiles ($CC, default cc); one that
#     includes the headers of two copies is refused with a message;
#   - nothing machine-specific: no absolute path (the source, work or
#     scene folder) in any file, and the same bytes from a second run;
#   - a second run with another element type into the same folder fails
#     nothing and replaces the settings.
# Exit status 0 when all hold, 1 otherwise.
set -u
[ $# -eq 5 ] || { echo "usage: copy-check.sh NCSC SOURCE-DIR WORK-DIR SCENE-A SCENE-B" >&2; exit 2; }
ncsc=$1 src=$2 work=$3 sa=$4 sb=$5
fail() { echo "copy-check: $*"; exit 1; }
rm -rf "$work"
mkdir -p "$work" || exit 1
for v in double float; do
    d=$work/$v
    "$ncsc" "$sa" -o "$d" --prefix sa --target embedded --real $v || fail "ncsc failed on $sa ($v)"
    "$ncsc" "$sb" -o "$d" --prefix sb --target embedded --real $v || fail "ncsc failed on $sb ($v)"
    want="ncs sa.c sa.h sa_main.c sa_ncs.c sa_ncs.h sb.c sb.h sb_main.c sb_ncs.c sb_ncs.h"
    got=$(cd "$d" && ls | tr '\n' ' ' | sed 's/ $//')
    [ "$got" = "$want" ] || fail "$v: files '$got', expected '$want'"
    n=0
    for f in "$d"/ncs/*; do
        b=$(basename "$f")
        if [ -f "$src/runtime/src/$b" ]; then
            orig=$src/runtime/src/$b
        else
            orig=$src/runtime/include/ncs/$b
        fi
        cmp "$orig" "$f" || fail "$v: ncs/$b is not the runtime's $orig"
        n=$((n + 1))
    done
    [ -f "$d/ncs/one.c" ] && [ -f "$d/ncs/world.c" ] && [ -f "$d/ncs/prefix.h" ] ||
        fail "$v: ncs/ lacks one.c, world.c or prefix.h"
    for p in sa sb; do
        a=$(grep -n "#include \"${p}_ncs.h\"" "$d/$p.h" | cut -d: -f1)
        b=$(grep -n '#include "ncs/world.h"' "$d/$p.h" | cut -d: -f1)
        [ -n "$a" ] && [ -n "$b" ] && [ "$a" -lt "$b" ] ||
            fail "$v: $p.h does not include ${p}_ncs.h before ncs/world.h"
        [ "$(grep '^#include' "$d/${p}_ncs.c" | tr '\n' ' ')" = "#include \"${p}_ncs.h\" #include \"ncs/one.c\" " ] ||
            fail "$v: ${p}_ncs.c is not the two includes"
        grep -q "^#define NCS_PREFIX $p\$" "$d/${p}_ncs.h" || fail "$v: no NCS_PREFIX $p"
        grep -q "^#define NCS_REAL_FLOAT $([ $v = float ] && echo 1 || echo 0)\$" "$d/${p}_ncs.h" ||
            fail "$v: ${p}_ncs.h does not set the element type"
        grep -q '^#define NCS_LCP_ONLY_FORM NCS_FORM_' "$d/${p}_ncs.h" || fail "$v: no formulation"
        tail -n 3 "$d/${p}_ncs.h" | grep -q '^#include "ncs/prefix.h"$' ||
            fail "$v: ${p}_ncs.h does not end by including ncs/prefix.h"
        if grep -n 'ncs/sim.h\|_sim\b' "$d/$p.h" "$d/$p.c"; then
            fail "$v: simulator data in the firmware files"
        fi
    done
    # float: every real literal of the scene's tables is a float literal
    if [ $v = float ]; then
        if grep -nE '(^|[ {(,-])[0-9]+\.[0-9]*(e[-+]?[0-9]+)?([,)} ]|$)' "$d/sa.c" | grep -v '^[0-9]*: *[/ ]\*'; then
            fail "float: a double literal in sa.c"
        fi
        grep -q '[0-9]f' "$d/sa.c" || fail "float: no float literal in sa.c"
    fi
    for dir in "$src" "$work" "$(dirname "$sa")"; do
        if grep -rlF "$dir" "$d"; then
            fail "$v: an absolute path ($dir) in the output"
        fi
    done
    # one copy's header per file: alone it compiles, after another's it is refused
    printf '#include "sa.h"\nint f(sa_state *s);\nint f(sa_state *s) { return sa_step(s); }\n' >"$d/one.c"
    ${CC:-cc} -std=c99 -pedantic -Wall -Wextra -Werror -I"$d" -fsyntax-only "$d/one.c" ||
        fail "$v: a file with sa.h alone does not compile"
    printf '#include "sa.h"\n#include "sb.h"\n' >"$d/both.c"
    if ${CC:-cc} -std=c99 -I"$d" -fsyntax-only "$d/both.c" 2>"$d/both.err"; then
        fail "$v: a file with the headers of two copies compiles"
    fi
    grep -q 'sb_ncs.h: the header of another copy of the ncs runtime core came first' "$d/both.err" ||
        fail "$v: two copies' headers in one file: not the message expected: $(head -n 3 "$d/both.err")"
    rm -f "$d/one.c" "$d/both.c" "$d/both.err"
    # the same bytes again
    mkdir -p "$d.again" || exit 1
    "$ncsc" "$sa" -o "$d.again" --prefix sa --target embedded --real $v || fail "second run failed"
    for f in sa.h sa.c sa_main.c sa_ncs.h sa_ncs.c; do
        cmp "$d/$f" "$d.again/$f" || fail "$v: $f differs between two runs"
    done
    echo "copy-check: $v: 10 generated files, ncs/ with $n runtime files as they are, no absolute path"
done
# another element type into the same folder: the settings follow
"$ncsc" "$sa" -o "$work/double" --prefix sa --target embedded --real float || fail "rerun failed"
grep -q '^#define NCS_REAL_FLOAT 1$' "$work/double/sa_ncs.h" || fail "rerun kept the old settings"
echo "copy-check: all checks passed"
