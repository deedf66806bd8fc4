#!/bin/sh
# state_sizes.sh - sizeof(<prefix>_state) of every example for the firmware
# target, float and double, for two builds (e.g. before and after a change):
#
#   bench/runtime/state_sizes.sh OLD_NCSC OLD_INCLUDE NEW_NCSC NEW_INCLUDE [OUT_DIR]
#
# Each example is written by `ncsc --target embedded --real float|double`
# and a file that prints the state's size is compiled against the build's
# runtime headers (gcc, -std=c99; NCS_REAL_FLOAT=1 for float). The column
# "lazy0" is the new float state compiled with -DNCS_LEMKE_LAZY_MAX_M=0 (a
# firmware copy without the lazy tableau: no room for its etas). Run from
# the source tree. Prints one line per example; asserts nothing.
set -e
[ $# -ge 4 ] || { echo "usage: $0 OLD_NCSC OLD_INCLUDE NEW_NCSC NEW_INCLUDE [OUT_DIR]" >&2; exit 2; }
out=${5:-${TMPDIR:-/tmp}/ncs-state-sizes}
mkdir -p "$out"
size() { # NCSC INCLUDE SCENE REAL TAG [CFLAGS] -> "bytes MAX_M nu"
    d="$out/$5-$(echo "$3" | tr / _)-$4"
    rm -rf "$d"
    "$1" --target embedded --real "$4" -o "$d" "$3" > /dev/null
    h=$(ls "$d"/*.h | grep -v '_lcp\.h$' | head -n 1)
    p=$(basename "$h" .h)
    P=$(echo "$p" | tr a-z A-Z)
    fl=""
    [ "$4" = float ] && fl="-DNCS_REAL_FLOAT=1"
    printf '#include <stdio.h>\n#include "%s.h"\nint main(void) {\n    printf("%%lu %%d %%d\\n", (unsigned long)sizeof(%s_state), %s_MAX_M,\n           %s_MAX_CONTACTS * (1 + %s_NFRIC));\n    return 0;\n}\n' \
        "$p" "$p" "$P" "$P" "$P" > "$d/size.c"
    gcc -std=c99 $fl $6 -I"$2" -I"$d" "$d/size.c" -o "$d/size"
    "$d/size"
}
printf "%-34s %5s %4s | %9s %9s %9s | %9s %9s\n" scene MAX_M nu float-old float-new lazy0 dbl-old dbl-new
for f in examples/*.ncs examples/rigid/*.ncs examples/paper/*.ncs; do
    set -- $(size "$1" "$2" "$f" float old) $(size "$3" "$4" "$f" float new) \
        $(size "$3" "$4" "$f" float new0 -DNCS_LEMKE_LAZY_MAX_M=0) \
        $(size "$1" "$2" "$f" double old) $(size "$3" "$4" "$f" double new) "$1" "$2" "$3" "$4"
    printf "%-34s %5s %4s | %9s %9s %9s | %9s %9s\n" "$f" "$2" "$3" "$1" "$4" "$7" "$10" "$13"
    shift 15
done
