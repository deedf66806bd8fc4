#!/bin/sh
# siconos_lcp.sh NCS_LCP [DIR] - ncs-lcp over a folder of Siconos LCP .dat
# files, e.g. Siconos' own test collection (numerics/src/LCP/test/data of a
# Siconos checkout: dense and sparse-block storage), one line per file:
#
#   file m | full strategy: status pivots residual | --plain: status pivots residual
#
# then a summary. Every answer ncs-lcp calls solved is verified by it on the
# full LCP; a file that is not solved may have no solution (Siconos'
# lcp_Pang_isolated_sol_perturbed has none), so it is reported, not an
# error. Without DIR it says so and skips (exit 0); the files are read in
# place, nothing is copied. Exit status: 0, or 1 when ncs-lcp could not
# read a file (its exit status 2) or failed otherwise, 2 on usage errors.
set -u
[ $# -ge 1 ] && [ $# -le 2 ] || { echo "usage: $0 NCS_LCP [SICONOS_LCP_DATA_DIR]" >&2; exit 2; }
tool=$1
[ -x "$tool" ] || { echo "$0: $tool: not an executable ncs-lcp" >&2; exit 2; }
if [ $# -lt 2 ] || [ -z "$2" ]; then
    echo "siconos_lcp: skipped: no Siconos LCP data folder given" \
         "(e.g. numerics/src/LCP/test/data of a Siconos checkout)"
    exit 0
fi
dir=$2
[ -d "$dir" ] || { echo "$0: $dir: not a directory" >&2; exit 2; }
files=0 solved=0 plain=0 unread=0 bad=0 unsolved=""
for f in "$dir"/*.dat; do
    [ -f "$f" ] || continue
    files=$((files + 1))
    name=$(basename "$f")
    line=""
    for mode in full plain; do
        if [ $mode = plain ]; then set -- --plain; else set --; fi
        out=$("$tool" "$@" "$f" 2>/dev/null); rc=$?
        case $rc in
        0|1) set -- $out    # file m status pivots residual us
             [ -z "$line" ] && line="$name $2 |"
             line="$line $3 $4 $5 |"
             if [ $rc -eq 0 ]; then
                 [ $mode = full ] && solved=$((solved + 1)) || plain=$((plain + 1))
             elif [ $mode = full ]; then
                 unsolved="$unsolved $name"
             fi ;;
        2)   err=$("$tool" "$@" "$f" 2>&1 >/dev/null)
             line="$name: not read: $err"
             unread=$((unread + 1))
             break ;;
        *)   line="$name: ncs-lcp failed (exit status $rc)"
             bad=$((bad + 1))
             break ;;
        esac
    done
    echo "$line"
done
echo "siconos_lcp: $files files: $solved solved (full strategy), $plain by --plain alone," \
     "$unread not read, $bad failed${unsolved:+; not solved:$unsolved}"
[ $files -gt 0 ] || { echo "$0: $dir: no .dat files" >&2; exit 1; }
[ $unread -eq 0 ] && [ $bad -eq 0 ]
