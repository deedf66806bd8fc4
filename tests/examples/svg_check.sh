#!/bin/sh
# svg_check.sh SIM NBODIES NOBSTACLE_PATHS WORK
# The picture is checked, not just produced: --svg writes XML that
# xmllint accepts, with one obstacle path per polygon obstacle, one
# trajectory per body and the bodies drawn as outlines labelled with their
# time, and rsvg-convert renders it to
# a PNG without error.
set -u
sim=$1 nb=$2 npaths=$3 work=$4
mkdir -p "$work"
fail() { echo "svg_check: $*" >&2; exit 1; }
svg=$work/scene.svg png=$work/scene.png
rm -f "$svg" "$png"
"$sim" --quiet --svg "$svg" || fail "the simulator failed"
[ -s "$svg" ] || fail "no SVG written"
xmllint --noout "$svg" || fail "the SVG is not well-formed XML"
n=$(grep -c '<polyline ' "$svg")
[ "$n" -eq "$nb" ] || fail "$n trajectories, expected $nb"
n=$(grep -c '^<path d="M' "$svg")
[ "$n" -eq "$npaths" ] || fail "$n obstacle paths, expected $npaths"
grep -q '<g id="bodies"' "$svg" && grep -Eq '<(circle|polygon) ' "$svg" || fail "no bodies drawn"
# snapshots are outlines labelled with their time: every body has a
# "t = 0" label (later instants at the same place join it)
n=$(grep -c '>t = 0[,<]' "$svg")
[ "$n" -eq "$nb" ] || fail "$n 't = 0' snapshot labels, expected $nb"
grep -q 'fill-opacity="0"' "$svg" || fail "no outlined (unfilled) snapshot"
rsvg-convert "$svg" -o "$png" || fail "rsvg-convert failed"
head -c 8 "$png" | od -An -c | grep -q 'P   N   G' || fail "rsvg-convert did not write a PNG"
# a directory that cannot be written: found before the run, a clear error
# naming the file, exit status 2, nothing simulated (no summary, and the
# CSV asked for next to it is not left behind)
rm -f "$work/side.csv"
"$sim" --svg "$work/no/such/dir/x.svg" --csv "$work/side.csv" 2>"$work/err.txt"
rc=$?
[ $rc -eq 2 ] || fail "unwritable --svg: exit status $rc, expected 2: $(cat "$work/err.txt")"
grep -q "cannot write '$work/no/such/dir/x.svg'" "$work/err.txt" ||
    fail "unwritable --svg not reported: $(cat "$work/err.txt")"
[ "$(wc -l <"$work/err.txt")" -eq 1 ] || fail "unwritable --svg: more than the error: $(cat "$work/err.txt")"
[ -e "$work/side.csv" ] && fail "unwritable --svg: the CSV was written anyway"
echo "SVG OK: $(wc -c <"$svg") bytes, PNG $(wc -c <"$png") bytes"
