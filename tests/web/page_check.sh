#!/bin/sh
# page_check.sh PART NCSC WORK - the two browser pages (docs/web.md):
#   replay  `ncsc run ... --html` on two examples and three scenes with
#           joints (tests/joints/scenes): the page is whole and
#           self-contained, and in headless Chromium shows the CSV's
#           positions (browser_check.py replay), contacts with impulses,
#           and the joints closed (a pin's ends at one point, a rod's at its
#           length)
#   live    `ncsc view` on the valley and on Newton's cradle (rods,
#           restitution): in headless Chromium the page's WebAssembly
#           stepper computes the native runs' positions to 1e-9 under two
#           formulations, draws the joints closed and the impacts'
#           contacts, and a dragged body can be thrown
#   demo    scripts/demo.sh (the end of `make demo`) on this build
#   errors  what `ncsc view` and `--html` say when they cannot work
# Every command's exit status is checked. Exit status 0: passed; 1: failed;
# 77: skipped (no browser, or no clang for WebAssembly: the message says
# what to install).
set -u
part=$1 ncsc=$2 work=$3
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
py=/usr/bin/python3
[ -x "$py" ] || py=python3
fail() { echo "page_check $part: $*" >&2; exit 1; }
rm -rf "$work"
mkdir -p "$work"
cd "$work" || exit 1
export NCS_RUN_DIR="$work/run"

. "$here/common.sh"
# selfcontained PAGE: nothing in it is fetched (no src=, href=, url(), no
# address of a network)
selfcontained() {
    ! grep -Eq 'src=|href=|url\(|https?://|//cdn' "$1" || fail "$1 refers to something outside it"
    has "$1" "<!DOCTYPE html>"
    tail -n 1 "$1" | grep -q "</html>" || fail "$1 does not end with </html>"
}
# browser MODE ARGS...: browser_check.py; a skip (77) skips this test
browser() {
    "$py" "$here/browser_check.py" "$@"
    rc=$?
    [ "$rc" -eq 77 ] && exit 77
    [ "$rc" -eq 0 ] || fail "browser_check.py $*: exit status $rc"
}

case $part in
replay)
    run 0 "$ncsc" run "$top/examples/valley.ncs" --csv valley.csv --html valley.html \
        --contacts valley-contacts.csv --quiet
    selfcontained valley.html
    has valley.html "window.NCS_RUN"
    has valley.html '"formulation":"max"'
    run 0 "$ncsc" run "$top/examples/rigid/stack.ncs" --csv stack.csv --html=stack.html \
        --contacts=stack-contacts.csv --quiet
    selfcontained stack.html
    # two boxes with their outlines and a ball
    has stack.html '{"name":"lower","kind":"polygon","r":0,"mass":2,"mu":0.5,"outline":[-0.5,-0.5,'
    has stack.html '{"name":"ball","kind":"disc","r":0.2,'
    # the contacts the page draws are the run's: at every frame their
    # normal impulses sum to the --contacts CSV's of that step
    run 0 "$py" "$here/replay_contacts.py" valley.html valley-contacts.csv
    run 0 "$py" "$here/replay_contacts.py" stack.html stack-contacts.csv
    # a run longer than the page's frames: every k-th step, the last one too
    run 0 "$ncsc" run "$top/examples/valley.ncs" --steps 40001 --no-check --html long.html \
        --csv long.csv --quiet
    has long.html '"stride":3,'
    grep -q ',40001\]' long.html || fail "long.html lacks the last step"
    # the frames kept are the CSV's steps at its positions, to the last digit
    run 0 "$py" "$here/replay_positions.py" valley.html valley.csv
    run 0 "$py" "$here/replay_positions.py" long.html long.csv
    # joints (pins, a weld, rods) drawn closed at the CSV's positions, and
    # the contacts of a restitution impact (Newton's cradle, step 269)
    j=$top/tests/joints/scenes
    for s in weld_beam double_pendulum cradle; do
        run 0 "$ncsc" run "$j/$s.ncs" --csv "$s.csv" --html "$s.html" --quiet
        selfcontained "$s.html"
    done
    has weld_beam.html '"joints":[{"kind":"weld","a":0,"b":-1,"ends":[0,0,0,0],"len":0},{"kind":"pin","a":1,"b":0,"ends":[0,0.3,1,0],"len":0}]'
    # one browser for all pages; the valley rolls on its obstacle: the
    # frames show contacts with impulses
    browser replay valley.html --contacts valley.csv:300 valley.csv:1200 stack.html stack.csv:37 \
        weld_beam.html --joints 2 weld_beam.csv:150 \
        double_pendulum.html --joints 2 double_pendulum.csv:1500 \
        cradle.html --joints 5 --contacts cradle.csv:269 cradle.csv:270
    ;;
live)
    # --opt=value here, --opt value for the cradle below
    "$ncsc" view --formulation=max --formulation diff "$top/examples/valley.ncs" \
        -o=pages/valley-live.html >out.txt 2>err.txt
    rc=$?
    if [ "$rc" -ne 0 ] && grep -q "apt-get install" err.txt; then
        echo "page_check live: SKIP: $(cat err.txt)" >&2
        exit 77
    fi
    [ "$rc" -eq 0 ] || fail "ncsc view: exit status $rc: $(cat err.txt)"
    has err.txt "wrote pages/valley-live.html (formulations max, diff)"
    selfcontained pages/valley-live.html
    run 0 "$ncsc" run "$top/examples/valley.ncs" --csv max.csv --quiet
    run 0 "$ncsc" run --formulation diff "$top/examples/valley.ncs" --csv diff.csv --quiet
    # with joints and restitution: Newton's cradle (five rods, elastic
    # impacts) to 1e-9 of the native run, the joints drawn closed, the
    # impacts' contacts drawn
    j=$top/tests/joints/scenes
    run 0 "$ncsc" view --formulation max "$j/cradle.ncs" -o cradle-live.html
    has err.txt "wrote cradle-live.html (formulations max)"
    selfcontained cradle-live.html
    run 0 "$ncsc" run "$j/cradle.ncs" --csv cradle.csv --quiet
    browser live pages/valley-live.html max.csv:300 diff.csv:400:diff max.csv:1200:max --drag \
        cradle-live.html --joints 5 cradle.csv:200 cradle.csv:600 --contacts cradle.csv:269 cradle.csv:270
    ;;
demo)
    # scripts/demo.sh (make demo's last step) on this build: it runs the
    # valley, names the files it wrote, and they are there
    build=$(cd "$(dirname "$ncsc")/.." && pwd)
    [ -x "$build/bin/ncsc" ] || fail "no $build/bin/ncsc"
    (cd "$top" && NCS_DEMO_NO_OPEN=1 sh scripts/demo.sh "$build") >out.txt 2>err.txt ||
        fail "scripts/demo.sh: exit status $?: $(cat err.txt)"
    has out.txt "Replay:      file://$build/demo/valley.html"
    has out.txt "Expectations of examples/valley.ncs: all passed."
    has out.txt "Summary:     valley: 1200 steps"
    has out.txt "ncsc view examples/valley.ncs -o "
    selfcontained "$build/demo/valley.html"
    xmllint --noout "$build/demo/valley.svg" || fail "the demo's SVG is not well-formed"
    [ "$(wc -l <"$build/demo/valley.csv")" -eq 1202 ] || fail "the demo's CSV: $(wc -l <"$build/demo/valley.csv") lines"
    ;;
errors)
    # no clang, no wasi-libc: said, with the packages to install; no page
    NCS_CLANG=/nonexistent/clang run 2 "$ncsc" view "$top/examples/valley.ncs" -o x.html
    has err.txt "cannot run the C compiler '/nonexistent/clang'"
    has err.txt "apt-get install clang lld wasi-libc"
    if command -v clang >/dev/null 2>&1; then
        NCS_CLANG="clang --sysroot=$work/nothing" run 2 "$ncsc" view "$top/examples/valley.ncs" -o x.html
        has err.txt "apt-get install wasi-libc"
        NCS_CLANG="clang -fuse-ld=$work/nothing/wasm-ld" run 2 "$ncsc" view "$top/examples/valley.ncs" -o x.html
        has err.txt "cannot link WebAssembly"
    fi
    [ ! -e x.html ] || fail "a failed ncsc view wrote x.html"
    # usage and scene errors
    run 2 "$ncsc" view "$top/examples/valley.ncs"
    has err.txt "give -o PAGE.html"
    run 2 "$ncsc" view --formulation maxx "$top/examples/valley.ncs" -o x.html
    has err.txt "unknown formulation 'maxx'; did you mean 'max'?"
    run 2 "$ncsc" view --formulation=maxx "$top/examples/valley.ncs" -o=x.html
    has err.txt "unknown formulation 'maxx'; did you mean 'max'?"
    run 2 "$ncsc" view --prefix=9bad "$top/examples/valley.ncs" -o=x.html
    has err.txt "9bad"
    NCS_CLANG=/nonexistent/clang run 2 "$ncsc" view --decomp=convex --prefix=vv \
        "$top/examples/valley.ncs" -o=x.html
    has err.txt "cannot run the C compiler '/nonexistent/clang'"
    printf 'scene bad { h = ; }\n' >bad.ncs
    run 1 "$ncsc" view bad.ncs -o x.html
    has err.txt "bad.ncs:1:"
    run 0 "$ncsc" view --help
    has out.txt "Usage: ncsc view"
    run 0 "$ncsc" --help
    has out.txt "ncsc view [options] FILE.ncs -o PAGE.html"
    # --html: an unwritable page fails before the run, through ncsc run too
    run 2 "$ncsc" run "$top/examples/valley.ncs" --csv ok.csv --html no/such/dir/x.html
    has err.txt "cannot write 'no/such/dir/x.html'"
    [ ! -e ok.csv ] || fail "the CSV was written although the run could not start"
    run 2 "$ncsc" run "$top/examples/valley.ncs" --html -
    has err.txt "--html cannot write to standard output"
    [ ! -e x.html ] || fail "x.html was written"
    ;;
*)
    fail "unknown part"
    ;;
esac
echo "page_check $part: passed"
