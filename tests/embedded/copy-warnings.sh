#!/bin/sh
# copy-warnings.sh NCSC WORK-DIR KNOWN SCENE... -- CC...
# Compiles the firmware target's output for each SCENE in double and float
# with each CC (a compiler command with its target flags, one argument
# each, e.g. "arm-none-eabi-gcc -mcpu=cortex-m4 -mthumb ..."): <p>.c,
# <p>_main.c and the copy <p>_ncs.c, with
#   -std=c99 -pedantic -Wall -Wextra -Wconversion -Wsign-conversion
# (and -Wdouble-promotion in float), and counts the warnings by file.
#   - no warning anywhere: passes (exit 0);
#   - a compile error, or a warning in a file not named in KNOWN (a space-
#     separated list of runtime files, e.g. "solve.c lemke.c"): fails (1);
#   - warnings only in KNOWN files: an expected failure, reported with the
#     files and counts and exit status 77 (CTest: skipped), so that the
#     test passes by itself once those files are clean.
set -u
[ $# -ge 5 ] || { echo "usage: copy-warnings.sh NCSC WORK-DIR KNOWN SCENE... -- CC..." >&2; exit 2; }
ncsc=$1 work=$2 known=$3
shift 3
scenes=
while [ $# -gt 0 ] && [ "$1" != "--" ]; do scenes="$scenes $1"; shift; done
[ $# -gt 1 ] || { echo "copy-warnings: no compiler after --" >&2; exit 2; }
shift
flags="-std=c99 -pedantic -Wall -Wextra -Wconversion -Wsign-conversion"
rm -rf "$work"
mkdir -p "$work" || exit 1
log=$work/warnings.txt
: >"$log"
k=0
for cc in "$@"; do
    k=$((k + 1))
    for scene in $scenes; do
        for v in double float; do
            d=$work/$k-$(basename "$scene" .ncs)-$v
            "$ncsc" "$scene" -o "$d" --prefix w --target embedded --real $v ||
                { echo "copy-warnings: ncsc failed on $scene"; exit 1; }
            extra=
            [ $v = float ] && extra=-Wdouble-promotion
            for f in w.c w_main.c w_ncs.c; do
                # shellcheck disable=SC2086
                if ! $cc $flags $extra -I"$d" -c "$d/$f" -o "$d/$f.o" 2>"$d/$f.err"; then
                    cat "$d/$f.err"
                    echo "copy-warnings: $f does not compile ($cc, $v, $scene)"
                    exit 1
                fi
                sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: warning: .*\[\(-W[a-z-]*\)\]$/\1 \2/p' \
                    "$d/$f.err" | sed "s|^$d/||" >>"$log"
            done
        done
    done
done
total=$(wc -l <"$log")
if [ "$total" -eq 0 ]; then
    echo "copy-warnings: no warning ($k compilers, double and float,$scenes)"
    exit 0
fi
summary=$(sort "$log" | uniq -c)
echo "$summary"
unknown=$(awk '{ print $1 }' "$log" | sort -u | while read -r f; do
    case " $known " in
    *" ${f#ncs/} "*) case $f in ncs/*) ;; *) echo "$f" ;; esac ;;
    *) echo "$f" ;;
    esac
done)
if [ -n "$unknown" ]; then
    echo "copy-warnings: FAIL: warnings in $(echo $unknown)"
    exit 1
fi
echo "copy-warnings: expected failure: $total warnings, all in the runtime solver files" \
     "$(awk '{ print $1 }' "$log" | sort -u | tr '\n' ' ')(being fixed apart; the firmware" \
     "builds compile the copy with -Wno-conversion -Wno-sign-conversion until then)"
exit 77
