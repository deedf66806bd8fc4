#!/bin/sh
# make demo: `ncsc run` on a good example (a disc rolling into a V-shaped
# valley), writing the trajectory as CSV, a picture as SVG and a replay
# page as HTML, checking the scene's expectations, and telling the user
# where everything is (the page is opened when there is a display).
set -eu
BUILD=${1:-build}
SCENE=${NCS_DEMO_SCENE:-examples/valley.ncs}
OUT=$BUILD/demo
NCSC=$BUILD/bin/ncsc

if [ ! -x "$NCSC" ]; then
  echo "demo: $NCSC is missing; run 'make demo' (or 'make build') first" >&2
  exit 1
fi
rm -rf "$OUT"
mkdir -p "$OUT"
name=$(basename "$SCENE" .ncs)

echo "== $NCSC run $SCENE --csv $OUT/$name.csv --svg $OUT/$name.svg --html $OUT/$name.html"
NCS_RUN_DIR=$OUT/build "$NCSC" run "$SCENE" --csv "$OUT/$name.csv" --svg "$OUT/$name.svg" \
  --html "$OUT/$name.html" 2>"$OUT/summary.txt" || { cat "$OUT/summary.txt" >&2; exit 1; }
page=$(cd "$OUT" && pwd)/$name.html
echo
echo "Scene:       $SCENE"
echo "Simulator:   $(ls "$OUT"/build/*_main.c | sed 's/_main\.c$//') (generated C + binary)"
echo "Trajectory:  $OUT/$name.csv ($(($(wc -l <"$OUT/$name.csv") - 1)) rows: step,t,body,x,y,theta,vx,vy,omega,status,pivots,m,solves)"
echo "Picture:     $OUT/$name.svg"
echo "Replay:      file://$page"
echo "             (play, pause, step, scrub, speed; contacts, velocities, plots; works offline)"
echo
echo "Final state (last CSV rows):"
tail -n "$(awk -F, 'NR > 1 && $1 == 0 { n++ } END { print n }' "$OUT/$name.csv")" "$OUT/$name.csv" |
  awk -F, '{ printf "  %-8s at (%.6g, %.6g), velocity (%.3g, %.3g), angle %.3g\n", $3, $4, $5, $7, $8, $6 }'
echo
sed 's/^/Summary:     /' "$OUT/summary.txt"
echo "Expectations of $SCENE: all passed."
echo
echo "Next: the scene live in the browser, draggable (needs clang, lld and wasi-libc):"
echo "  $NCSC view $SCENE -o $OUT/$name-live.html"
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && command -v xdg-open >/dev/null 2>&1 &&
   [ -z "${NCS_DEMO_NO_OPEN:-}" ]; then
  echo "Opening the replay page..."
  xdg-open "$page" >/dev/null 2>&1 &
fi
