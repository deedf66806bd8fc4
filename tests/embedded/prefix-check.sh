#!/bin/sh
# prefix-check.sh CC NM RUNTIME-DIR WORK-DIR CORE-LIB...
# ncs/prefix.h renames every external symbol of the runtime core:
#   - runtime/src/one.c compiled with NCS_PREFIX=zzp (float and double)
#     defines no external symbol without the prefix zzp_;
#   - the list in prefix.h is the set of external symbols the core library
#     (CORE-LIB...: layout, solver, step engine, plain kernel) defines: none
#     missing, none stale;
#   - each entry renames ncs_<x> to NCS_PREFIXED(_<x>).
# Exit status 0 when all hold.
set -u
[ $# -ge 5 ] || { echo "usage: prefix-check.sh CC NM RUNTIME-DIR WORK-DIR CORE-LIB..." >&2; exit 2; }
cc=$1 nm=$2 rt=$3 work=$4
shift 4
mkdir -p "$work" || exit 1
bad=0
for v in 0 1; do
    "$cc" -std=c99 -O1 -DNCS_PREFIX=zzp -DNCS_REAL_FLOAT=$v -I"$rt/include" \
        -c "$rt/src/one.c" -o "$work/one$v.o" || { echo "prefix-check: one.c does not compile"; exit 1; }
    syms=$("$nm" -g --defined-only "$work/one$v.o") || { echo "prefix-check: $nm failed on one.c"; exit 1; }
    syms=$(printf '%s\n' "$syms" | awk '{ print $3 }')
    [ -n "$syms" ] || { echo "prefix-check: no symbols in one.c"; exit 1; }
    for s in $syms; do
        case $s in
        zzp_*) ;;
        *) echo "prefix-check: one.c (NCS_REAL_FLOAT=$v) defines $s without the prefix"; bad=1 ;;
        esac
    done
done
sed -n 's/^#define \(ncs_[a-z_]*\) NCS_PREFIXED(\(_[a-z_]*\))$/\1 \2/p' "$rt/include/ncs/prefix.h" \
    >"$work/list.txt"
while read -r name suffix; do
    [ "$name" = "ncs$suffix" ] || { echo "prefix-check: $name renamed to <p>$suffix"; bad=1; }
done <"$work/list.txt"
awk '{ print $1 }' "$work/list.txt" | sort >"$work/listed.txt"
"$nm" -g --defined-only "$@" >"$work/nm.txt" || { echo "prefix-check: $nm failed on $*"; exit 1; }
# (__odr_asan.*: AddressSanitizer's marks of instrumented global data, not
# the core's own symbols: the Debug+ASan build defines one per table)
awk 'NF == 3 && $3 !~ /^__odr_asan/ { print $3 }' "$work/nm.txt" | sort -u >"$work/defined.txt"
[ -s "$work/defined.txt" ] || { echo "prefix-check: no symbols in $*"; exit 1; }
missing=$(comm -13 "$work/listed.txt" "$work/defined.txt")
stale=$(comm -23 "$work/listed.txt" "$work/defined.txt")
[ -z "$missing" ] || { echo "prefix-check: not in prefix.h:" $missing; bad=1; }
[ -z "$stale" ] || { echo "prefix-check: in prefix.h, not defined by the core:" $stale; bad=1; }
[ $bad -eq 0 ] && echo "prefix-check: $(wc -l <"$work/listed.txt") symbols, all renamed"
exit $bad
