#!/bin/sh
# readme_table.sh NCSC README EXAMPLES WORK
# The README's formulation table says, for each example scene and
# formulation, the largest LCP size m of the run and whether the scene
# passes ("m 36, passes" / "m 16, fails ..."). This runs the README's own
# command for every cell (ncsc run --formulation F examples/SCENE --csv -
# --quiet; m = the largest column 12, passes = exit status 0) and fails
# when a cell disagrees with what the commands print.
set -u
ncsc=$1 readme=$2 examples=$3 work=$4
rm -rf "$work"
mkdir -p "$work"
cd "$work" || exit 2
fail=0 cells=0

header=$(grep -m 1 '^| scene | stewart |' "$readme") ||
    { echo "readme_table: no formulation table in $readme"; exit 1; }
# formulations in the header's order
forms=$(printf '%s\n' "$header" | tr '|' '\n' | sed 's/^ *//; s/ *$//' | grep -v '^$' | sed 1d)
# the rows of that table: the lines that follow its header and start with '|'
rows=$(awk -v h="$header" '$0 == h { in_table = 1; next }
                           in_table && !/^\|/ { exit }
                           in_table' "$readme" | grep '^| `[A-Za-z0-9_/-]*\.ncs`')
[ -n "$rows" ] || { echo "readme_table: the table has no scene rows"; exit 1; }

printf '%s\n' "$rows" | while IFS= read -r row; do
    scene=$(printf '%s\n' "$row" | sed 's/^| `\([^`]*\)`.*/\1/')
    k=2
    for f in $forms; do
        k=$((k + 1))
        cell=$(printf '%s\n' "$row" | cut -d'|' -f$k)
        want_m=$(printf '%s\n' "$cell" | sed -n 's/^ *m \([0-9][0-9]*\),.*/\1/p')
        case $cell in
            *", passes"*) want=passes ;;
            *", fails"*|*", **fails**"*) want=fails ;;
            *) want= ;;
        esac
        if [ -z "$want_m" ] || [ -z "$want" ]; then
            echo "FAIL $scene $f: cannot read the cell '$cell'"
            echo x >>"$work/failed"
            continue
        fi
        "$ncsc" run --formulation "$f" "$examples/$scene" --csv "$scene-$f.csv" --quiet \
            2>"$scene-$f.err"
        rc=$?
        got=passes
        [ $rc -eq 0 ] || got=fails
        [ $rc -le 1 ] || { echo "FAIL $scene $f: ncsc run failed ($rc): $(cat "$scene-$f.err")"; echo x >>"$work/failed"; continue; }
        got_m=$(awk -F, 'NR > 1 && $12 > m { m = $12 } END { print m + 0 }' "$scene-$f.csv")
        if [ "$got_m" != "$want_m" ] || [ "$got" != "$want" ]; then
            echo "FAIL $scene $f: the README says 'm $want_m, $want', the command gives 'm $got_m, $got'"
            echo x >>"$work/failed"
        else
            echo "ok $scene $f: m $got_m, $got"
        fi
        echo x >>"$work/cells"
    done
done
cells=$(wc -l <"$work/cells" 2>/dev/null || echo 0)
[ -f "$work/failed" ] && fail=1
[ "$cells" -ge 10 ] || { echo "FAIL: only $cells cells checked"; fail=1; }
[ $fail = 0 ] && echo "the README's formulation table matches ($cells cells)"
exit $fail
