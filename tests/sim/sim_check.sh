#!/bin/sh
# sim_check.sh PART SIM WORK [NCS_LCP]
# The simulator's command line on hand-written scenes (sim_demo.c, run as
# `SIM SCENE options`): exit statuses, CSV, expectations in source order,
# --opt=value, --set, outputs checked before the run, the SVG, the
# progress bar and failed steps. Every command's exit status is checked.
set -u
part=$1 sim=$2 work=$3 lcp=${4:-}
fail() { echo "sim_check $part: $*" >&2; exit 1; }
rm -rf "$work"
mkdir -p "$work"
cd "$work" || exit 1

# run WANT SCENE ARGS...: runs the simulator (stdout to out.txt, stderr to
# err.txt) and checks its exit status
run() {
    want=$1
    shift
    "$sim" "$@" >out.txt 2>err.txt
    rc=$?
    [ "$rc" -eq "$want" ] ||
        fail "'$*': exit status $rc, expected $want; stderr: $(cat err.txt)"
}
# has FILE TEXT: FILE holds the fixed string TEXT
has() { grep -qF -- "$2" "$1" || fail "$1 lacks '$2': $(cat "$1")"; }
lacks() { ! grep -qF -- "$2" "$1" || fail "$1 has '$2': $(cat "$1")"; }

case $part in
exit)
    run 0 fall
    run 0 table
    run 1 fails
    run 1 cap
    run 1 overflow
    run 1 strict
    run 2 fall --no-such-option
    run 2 fall --steps -1
    run 2 nosuchscene
    # expectations off: the same runs pass
    run 0 fails --no-check
    run 0 fall --no-check --steps 3
    run 1 fall --steps 3
    # a failed step fails even without the expectations
    run 1 cap --no-check
    run 0 fall --help
    ;;
csv)
    run 0 fall --csv out.csv --quiet
    [ "$(head -n 1 out.csv)" = "step,t,body,x,y,theta,vx,vy,omega,status,pivots,m,solves" ] ||
        fail "header: $(head -n 1 out.csv)"
    [ "$(wc -l <out.csv)" -eq 62 ] || fail "$(wc -l <out.csv) lines, expected 62"
    # the shortest numbers that read back: 0.999, not 0.99899999999999999
    has out.csv "0,0,p,0,1,0,0,0,0,none,0,0,0"
    has out.csv "1,0.01,p,0,0.999,0,0,-0.1,0,none,0,0,0"
    has out.csv "3,0.03,p,0,0.994,0,0,-0.30000000000000004,0,none,0,0,0"
    awk -F, 'NR > 1 && (NF != 13 || $11 !~ /^[0-9]+$/ || $10 !~ /^(solved|none)$/) {
                 print "bad row " NR ": " $0; bad = 1 }
             NR > 1 && length($4 $5 $6 $7 $8 $9) > 0 && ($5 ~ /[0-9]{17}/) { print "long number: " $0; bad = 1 }
             END { exit bad }' out.csv || fail "bad rows"
    # the contact steps: solved, with an LCP
    awk -F, '$1 == 60 && !($10 == "solved" && $12 > 0 && $13 == 1) { exit 1 }' out.csv ||
        fail "step 60: $(grep '^60,' out.csv)"
    # --csv - writes the same to standard output
    run 0 fall --csv - --quiet
    cmp -s out.txt out.csv || fail "--csv - differs from --csv FILE"
    # two bodies: two rows per step, in body order
    run 0 table --csv t.csv --quiet --steps 2
    [ "$(cut -d, -f1,3 t.csv | tr '\n' ' ')" = "step,body 0,d 0,b 1,d 1,b 2,d 2,b " ] ||
        fail "table rows: $(cut -d, -f1,3 t.csv | tr '\n' ' ')"
    # a failed step writes no row
    run 1 cap --csv c.csv --quiet
    [ "$(wc -l <c.csv)" -eq 3 ] || fail "failed step: $(cat c.csv)"
    ;;
expect)
    # failures in source order (line, then column), each once, with the
    # value found and the step; then the summary
    run 1 fails
    cat >want.txt <<'EOF'
scenes/fails.ncs:12:1: expectation failed: p.x at step 10 == 5 within 0.1: got 0 at step 10
scenes/fails.ncs:12:25: expectation failed: p.vy <= -100 at every step (slack 0): got 0 at step 0
scenes/fails.ncs:20:1: expectation failed: p.position at step 1000 == (0, 0) within 1: not reached: the run ended after step 60
scenes/fails.ncs:25:1: expectation failed: p.velocity at step 5 == (0, 0) within 0.001: got (0, -0.5) at step 5
scenes/fails.ncs:30:1: expectation failed: p.y at end == 1 within 0.001: got -4.85722573273506e-19 at step 60
EOF
    head -n 5 err.txt | diff -u want.txt - || fail "failures differ"
    [ "$(wc -l <err.txt)" -eq 6 ] || fail "expected 5 failures and a summary: $(cat err.txt)"
    tail -n 1 err.txt | grep -q '^fall: 60 steps (17 with contacts; LCP solves per such step: mean 1.000, max 1); p at (0, -4.85722573273506e-19); expectations FAILED$' ||
        fail "summary: $(tail -n 1 err.txt)"
    # --check is still accepted (the default)
    run 1 fails --check
    head -n 5 err.txt | diff -u want.txt - || fail "--check: failures differ"
    # --quiet: the failures, no summary
    run 1 fails --quiet
    diff -u want.txt err.txt || fail "--quiet: stderr differs"
    # --no-check: nothing evaluated, nothing said about expectations
    run 0 fails --no-check
    lacks err.txt "expectation"
    run 0 fall
    has err.txt "; expectations passed"
    # a run that ends early: what was not reached fails
    run 1 fails --steps 0 --quiet
    has err.txt "p.x at step 10 == 5 within 0.1: not reached: the run ended after step 0"
    lacks err.txt "p.y at end"
    # a failed step: the message, then "every step solved" fails
    run 1 cap
    has err.txt "scenes/cap.ncs: step 1 failed: capacity exceeded (body d)"
    has err.txt "scenes/cap.ncs:10:1: expectation failed: every step solved: step 1 was not solved"
    has err.txt "cap: 0 steps (0 with contacts"
    ;;
options)
    # --opt=value and --opt value alike
    run 0 fall --steps 5 --csv a.csv --no-check
    run 0 fall --steps=5 --csv=b.csv --no-check
    cmp -s a.csv b.csv || fail "--steps=5 --csv=FILE differs"
    [ "$(wc -l <b.csv)" -eq 7 ] || fail "--steps=5: $(wc -l <b.csv) lines"
    run 0 table --fixpoint=3 --fixpoint-tol=0.5 --quiet
    run 0 table --fixpoint 3 --fixpoint-tol 0.5 --quiet
    run 0 table --svg=x.svg --dump-lcp=dumps --steps=1 --quiet
    [ -s x.svg ] && [ -f dumps/step-000001-b0.dat ] || fail "--svg=, --dump-lcp= not used"
    run 0 table --contacts=c1.csv --html=p1.html --steps=20 --quiet
    run 0 table --contacts c2.csv --html p2.html --steps 20 --quiet
    cmp -s c1.csv c2.csv || fail "--contacts=FILE differs from --contacts FILE"
    [ "$(wc -l <c1.csv)" -gt 1 ] || fail "--contacts=c1.csv: no contact rows"
    cmp -s p1.html p2.html || fail "--html=FILE differs from --html FILE"
    grep -q '"step":\[0,' p1.html || fail "--html=p1.html: no frames"
    # usage errors: exit 2, a message and a hint, nothing run
    run 2 fall --steps
    has err.txt "option '--steps' needs a value"
    has err.txt "Try 'fall --help'"
    run 2 fall --steps=x
    has err.txt "bad --steps value 'x'"
    run 2 fall --quiet=yes
    has err.txt "option '--quiet' takes no value"
    run 2 fall --frobnicate
    has err.txt "unknown option '--frobnicate'"
    run 2 fall --fixpoint 0
    has err.txt "bad --fixpoint value '0' (1 to 1000 in decimal digits only)"
    run 2 fall --fixpoint-tol=-1
    has err.txt "bad --fixpoint-tol value '-1'"
    # whole numbers are decimal digits only: every other spelling is refused
    # alike (issue 28: ' 5', '+5' and '-0' were taken, '5 ' was not)
    for v in ' 5' '+5' '-0' '5 ' '0x5' '' '5.0' '1e3'; do
        run 2 fall --steps "$v"
        has err.txt "bad --steps value '$v' (a whole number >= 0 in decimal digits only)"
        run 2 fall "--fixpoint=$v"
        has err.txt "bad --fixpoint value '$v'"
    done
    run 0 fall --steps 007 --csv s.csv --no-check --quiet
    [ "$(wc -l <s.csv)" -eq 9 ] || fail "--steps 007: $(wc -l <s.csv) lines, expected 9"
    run 0 fall --help
    has out.txt "N in decimal digits only"
    run 2 fall --svg -
    has err.txt "--svg cannot write to standard output"
    lacks err.txt "fall: 60 steps"
    # --help: every option it describes is in its one-line synopsis
    run 0 table --help
    synopsis=$(sed -n 1p out.txt)
    for opt in $(sed -n 's/^  \(--[a-z][a-z-]*\).*/\1/p' out.txt); do
        case $synopsis in
            *"[$opt"[]\ ]*) ;;
            *) fail "usage line lacks $opt" ;;
        esac
    done
    for opt in --steps --csv --contacts --svg --html --dump-lcp --set --no-check --check \
               --fixpoint --fixpoint-tol --quiet --help; do
        grep -q -- "^  $opt" out.txt || fail "--help does not describe $opt"
    done
    has out.txt "usage: table "
    ;;
set)
    run 0 fall --set 'p.position=(0.5, 2)' --csv - --steps 1 --no-check
    has out.txt "0,0,p,0.5,2,0,0,0,0,none,0,0,0"
    run 0 fall --set=p.velocity=1,3 --set p.y=5 --csv - --steps 0 --no-check
    has out.txt "0,0,p,0,5,0,1,3,0,none,0,0,0"
    run 0 table --set b.angle=0.5 --set d.omega=-2 --csv - --steps 0 --no-check
    has out.txt "0,0,d,-1,0.25,0,1,0,-2,none,0,0,0"
    has out.txt "0,0,b,1,0,0.5,0,0,0,none,0,0,0"
    run 0 table --set 'd.position=(-1.5,0.25)' --set 'd.velocity=( 0 , 0 )' --quiet
    # the expectations still apply: the particle no longer ends at (0, 0)
    run 1 fall --set p.x=1
    has err.txt "scenes/fall.ncs:8:1: expectation failed: p.position at end == (0, 0) within 1e-09: got (1, "
    # a start inside solid matter is warned about
    run 1 fall --set p.y=-0.5 --steps 1
    has err.txt "fall: warning: p starts 0.5 deep inside solid matter"
    # bad --set: usage errors, nothing written
    run 2 table --set q.x=1 --csv bad.csv
    has err.txt "bad --set 'q.x=1': no body 'q' (bodies: d, b)"
    run 2 table --set d.mass=2 --csv bad.csv
    has err.txt "unknown field 'mass'"
    run 2 table --set d.x=abc --csv bad.csv
    has err.txt "bad --set 'd.x=abc': expected a finite number"
    run 2 table --set d.x=nan --csv bad.csv
    run 2 table --set 'd.position=(1)' --csv bad.csv
    has err.txt "expected a vector (X,Y)"
    run 2 table --set 'd.position=(1,2' --csv bad.csv
    run 2 table --set d.x --csv bad.csv
    has err.txt "expected BODY.FIELD=VALUE"
    [ ! -e bad.csv ] || fail "a bad --set wrote the CSV"
    ;;
outputs)
    # an unwritable --svg fails at once, before the run: no CSV written
    # (a run of 10^9 steps would not end within the time limit)
    run 2 table --steps 1000000000 --csv out.csv --svg no/such/dir/x.svg
    has err.txt "cannot write 'no/such/dir/x.svg'"
    [ ! -e out.csv ] || fail "the CSV was written although the run could not start"
    lacks err.txt "steps ("
    # so do an unwritable --contacts and --html, in either option form
    run 2 table --steps 1000000000 --csv out.csv --contacts no/such/dir/c.csv
    has err.txt "cannot write 'no/such/dir/c.csv'"
    run 2 table --steps=1000000000 --csv=out.csv --contacts=no/such/dir/c.csv
    has err.txt "cannot write 'no/such/dir/c.csv'"
    run 2 table --steps 1000000000 --csv out.csv --html no/such/dir/x.html
    has err.txt "cannot write 'no/such/dir/x.html'"
    run 2 table --steps=1000000000 --csv=out.csv --html=no/such/dir/x.html
    has err.txt "cannot write 'no/such/dir/x.html'"
    [ ! -e out.csv ] || fail "the CSV was written although the run could not start"
    # an existing file is not truncated either
    echo keep >old.csv
    run 2 table --csv old.csv --svg no/such/dir/x.svg
    [ "$(cat old.csv)" = keep ] || fail "old.csv was truncated"
    # the CSV itself, a --dump-lcp that cannot be created
    mkdir adir
    run 2 table --csv adir --quiet
    has err.txt "cannot write 'adir'"
    : >afile
    run 2 table --dump-lcp afile/sub --quiet
    has err.txt "cannot create 'afile"
    # a regular file is not a directory (issue 28: "Permission denied")
    run 2 table --dump-lcp afile --quiet
    has err.txt "cannot write into 'afile': Not a directory"
    lacks err.txt "Permission denied"
    # --dump-lcp creates missing parents; one file per island and step
    run 0 table --dump-lcp new/sub --steps 2 --quiet
    for f in step-000001-b0 step-000001-b1 step-000002-b0 step-000002-b1; do
        [ -s "new/sub/$f.dat" ] || fail "no new/sub/$f.dat"
    done
    run 0 fall --dump-lcp one --quiet
    [ -s one/step-000060.dat ] || fail "one body: no one/step-000060.dat"
    has one/step-000060.dat "ncs-z: status=0"
    # no fail files when every step solves
    [ -z "$(ls | grep fail-step)" ] || fail "fail files left: $(ls)"
    ;;
mix)
    # issue 28: outputs never mix. '-' needs an open standard output (it
    # was closed: the CSV went into the SVG, which got descriptor 1)
    rm -f m.svg
    "$sim" table --csv - --svg m.svg >&- 2>err.txt
    rc=$?
    [ $rc -eq 2 ] || fail "--csv - with stdout closed: exit status $rc: $(cat err.txt)"
    has err.txt "table: --csv -: standard output is closed"
    [ ! -e m.svg ] || fail "m.svg was created: $(head -c 80 m.svg)"
    # with stdout closed, a file still gets only its own output
    "$sim" table --contacts m.csv --svg m.svg --quiet >&- 2>err.txt
    rc=$?
    [ $rc -eq 0 ] || fail "stdout closed: exit status $rc: $(cat err.txt)"
    [ "$(head -n 1 m.csv)" = "step,t,body,other,x,y,nx,ny,pn,pt,fn,ft" ] || fail "m.csv: $(head -n 1 m.csv)"
    [ "$(head -c 5 m.svg)" = "<?xml" ] || fail "m.svg: $(head -c 80 m.svg)"
    xmllint --noout m.svg || fail "m.svg is not well-formed XML"
    # two outputs naming one file, by the same path or another: usage
    # errors before the run; an existing file is left as it was
    echo keep >same
    mkdir -p sub
    for args in "--csv same --svg same" "--csv same --svg ./same" \
                "--contacts same --html sub/../same" "--csv - --contacts -"; do
        # shellcheck disable=SC2086
        run 2 table $args
        has err.txt "both write"
        has err.txt "give each output a file of its own"
        lacks err.txt "steps ("
        [ "$(cat same)" = keep ] || fail "$args: 'same' changed"
    done
    has err.txt "--csv and --contacts both write 'standard output'"
    # a new file under two names: refused, and not left behind
    run 2 table --csv new.csv --svg ./new.csv
    [ ! -e new.csv ] || fail "new.csv left behind"
    # the LCP directory named as a file output: refused, nothing created
    run 2 table --dump-lcp newdir --csv newdir
    has err.txt "--dump-lcp and --csv both write 'newdir'"
    [ ! -e newdir ] || fail "newdir left behind"
    # standard output redirected to another output's file
    "$sim" table --csv - --svg same --quiet >same 2>err.txt
    rc=$?
    [ $rc -eq 2 ] || fail "--csv - --svg same >same: exit status $rc: $(cat err.txt)"
    has err.txt "--csv and --svg both write"
    # a write that fails (a full device): the reason, exit 3, before any
    # "expectations passed", and the files this run created removed
    run 3 table --csv /dev/full --svg ok.svg --contacts ok.csv
    has err.txt "table: cannot write --csv '/dev/full': No space left on device"
    has err.txt "removed 'ok.svg'"
    has err.txt "writing an output FAILED"
    lacks err.txt "expectations passed"
    [ ! -e ok.svg ] && [ ! -e ok.csv ] || fail "files left behind: $(ls)"
    run 3 table --csv ok.csv --html /dev/full
    has err.txt "table: cannot write --html '/dev/full': No space left on device"
    [ ! -e ok.csv ] || fail "ok.csv left behind"
    echo keep >old.csv
    run 3 table --csv old.csv --contacts /dev/full
    [ -e old.csv ] || fail "old.csv (not created by the run) was removed"
    # standard output on a full device
    "$sim" table --csv - --quiet >/dev/full 2>err.txt
    rc=$?
    [ $rc -eq 3 ] || fail "--csv - >/dev/full: exit status $rc: $(cat err.txt)"
    has err.txt "cannot write --csv 'standard output': No space left on device"
    ;;
overflow)
    # issue 28: a state that is not finite is never reported. A step whose
    # end state would hold a NaN, an infinity or a coordinate beyond 1e150
    # fails with a status of its own, naming the step and the body, and the
    # state stays as it was: every CSV row is finite
    run 1 fall --set p.omega=1e150 --steps 200 --csv o.csv
    has err.txt "scenes/fall.ncs: step 100 failed: state overflow: the end state would hold a coordinate that is not finite or beyond 1e150 in magnitude (body p)"
    has err.txt "scenes/fall.ncs:5:1: expectation failed: every step solved: step 100 was not solved"
    has err.txt "fall: 99 steps"
    [ "$(tail -n 1 o.csv | cut -d, -f1)" = 99 ] || fail "last row: $(tail -n 1 o.csv)"
    ! grep -qi 'nan\|inf' o.csv || fail "a non-finite number in o.csv: $(grep -i 'nan\|inf' o.csv | head -n 1)"
    run 1 fall --set p.vy=1e150 --steps 200 --csv o.csv --no-check
    has err.txt "step 100 failed: state overflow"
    ! grep -qi 'nan\|inf' o.csv || fail "a non-finite number in o.csv (vy)"
    # a start beyond the bound is refused before anything runs
    run 2 fall --set p.omega=1e308 --csv never.csv
    has err.txt "bad --set 'p.omega=1e308': a coordinate of a state is at most 1e150 in magnitude"
    run 2 table --set 'd.velocity=(0,-2e150)' --csv never.csv
    has err.txt "a coordinate of a state is at most 1e150"
    [ ! -e never.csv ] || fail "a refused start wrote the CSV"
    # the replay and the picture end at the last finite state too
    run 1 fall --set p.omega=1e150 --steps 200 --svg o.svg --html o.html --quiet
    grep -q ',99\]' o.html || fail "o.html does not end at step 99"
    sed -n '/^window.NCS_RUN = /,/]};$/p' o.html >run.txt
    has run.txt '"q":['
    ! grep -qi 'nan\|inf\|null' run.txt || fail "a non-finite number in o.html's frames"
    has o.svg "99 steps of 0.01 s (t = 0.99 s), stopped by a failed step"
    ;;
records)
    # issue 28: --svg and --html kept every step (24 bytes per body and
    # step); now at most NCS_TRAJ_MAX_FRAMES = 20000 records of every
    # stride-th step, stride = steps / 19998 + 1, and the last step
    run 0 fall --steps 100001 --html r.html --svg r.svg --no-check --quiet
    has r.html '"stride":6,'
    tr -d '\n' <r.html | sed -n 's/.*"step":\[\([0-9,]*\)\].*/\1,/p' | tr ',' '\n' >steps.txt
    n=$(wc -l <steps.txt)
    [ "$n" -le 20000 ] && [ "$n" -ge 16668 ] || fail "$n records, expected 16668 to 20000"
    [ "$(head -n 2 steps.txt | tr '\n' ' ')" = "0 6 " ] || fail "first records: $(head -n 2 steps.txt)"
    [ "$(tail -n 1 steps.txt)" = 100001 ] || fail "the last step is not kept: $(tail -n 1 steps.txt)"
    awk 'NR > 1 && $1 != prev + 6 && $1 != 100001 { print "step " $1 " after " prev; bad = 1 }
         { prev = $1 } END { exit bad }' steps.txt || fail "records are not 6 steps apart"
    has r.svg "100001 steps of 0.01 s (t = 1000.01 s)"
    xmllint --noout r.svg || fail "r.svg is not well-formed XML"
    # the picture's snapshots are kept steps: t = 0; at or just below T/4,
    # T/2 and 3T/4 (steps 24996, 49998 and 75000, multiples of 6: before
    # every step was kept and they were 250, 500, 750); T at the end
    has r.svg '>t = 0<'
    has r.svg '>t = 249.96, 499.98, 750, 1000.01<'
    # a run of fewer steps keeps every one
    run 0 fall --steps 19997 --html s.html --no-check --quiet
    has s.html '"stride":1,'
    ;;
svg)
    for scene in fall table cap; do
        want=0
        [ $scene = cap ] && want=1
        run $want $scene --svg $scene.svg --quiet
        xmllint --noout $scene.svg || fail "$scene.svg is not well-formed XML"
        has $scene.svg '<g id="axes"'
        has $scene.svg '<g id="scale"'
        grep -q 'text-anchor="middle" stroke="none">[-0-9.]*</text>' $scene.svg ||
            fail "$scene.svg: no x tick labels"
        grep -q 'text-anchor="end" stroke="none">[-0-9.]*</text>' $scene.svg ||
            fail "$scene.svg: no y tick labels"
        has $scene.svg '>scale '
        # the labels' boxes (11 px text, as placed) overlap no other label
        awk '/<g id="times"/ { on = 1 } /<\/g>/ { on = 0 }
             on && /<text / {
                 x = $0; sub(/.*<text x="/, "", x); sub(/".*/, "", x)
                 y = $0; sub(/.*<text x="[^"]*" y="/, "", y); sub(/".*/, "", y)
                 t = $0; sub(/.*<text [^>]*>/, "", t); sub(/<.*/, "", t)
                 w = 0.62 * 11 * length(t) + 2
                 for (i = 0; i < n; i++)
                     if (x - w / 2 < X1[i] && X0[i] < x + w / 2 && y - 10 < Y1[i] && Y0[i] < y + 3) {
                         print "labels overlap: " T[i] " and " t; bad = 1 }
                 X0[n] = x - w / 2; X1[n] = x + w / 2; Y0[n] = y - 10; Y1[n] = y + 3; T[n++] = t }
             END { exit bad }' $scene.svg || fail "$scene.svg: overlapping time labels"
    done
    # fall: one trajectory, no polygon obstacle (an explicit group, drawn
    # clipped to the picture), one "t = 0" label
    [ "$(grep -c '<polyline ' fall.svg)" -eq 1 ] || fail "fall.svg: trajectories"
    [ "$(grep -c '^<path d="M' fall.svg)" -eq 0 ] || fail "fall.svg: obstacle paths"
    has fall.svg '<polygon stroke="none"'
    [ "$(grep -c '>t = 0[,<]' fall.svg)" -eq 1 ] || fail "fall.svg: t = 0 labels"
    # table: the square as one path, two trajectories, a disc and a box
    [ "$(grep -c '<polyline ' table.svg)" -eq 2 ] || fail "table.svg: trajectories"
    [ "$(grep -c '^<path d="M' table.svg)" -eq 1 ] || fail "table.svg: obstacle paths"
    [ "$(grep -c '>t = 0[,<]' table.svg)" -eq 2 ] || fail "table.svg: t = 0 labels"
    has table.svg '<circle cx='
    has table.svg '<polygon fill="#d62728" fill-opacity="0.25"'
    has table.svg 'fill-opacity="0" stroke-dasharray="5 3"'
    # the box (reference point at its corner) is drawn from x = 1 to 1.5
    has cap.svg 'stopped by a failed step'
    if command -v rsvg-convert >/dev/null 2>&1; then
        rsvg-convert table.svg -o table.png || fail "rsvg-convert failed"
    fi
    ;;
progress)
    command -v script >/dev/null 2>&1 || { echo "no script(1): skipped"; exit 77; }
    # NCS_PROGRESS=always: the bar, with the rate, on a terminal
    NCS_PROGRESS=always script -qec "'$sim' table" /dev/null >tty.txt 2>&1 ||
        fail "run under script failed: $(cat tty.txt)"
    tr '\r' '\n' <tty.txt | grep -q '\[########################################\] 100% step 100/100, [0-9.]* steps/s, took [0-9:]*' ||
        fail "no progress bar: $(tail -c 300 tty.txt)"
    tr '\r' '\n' <tty.txt | grep -q '^table: 100 steps' || fail "no summary after the bar"
    # by itself: a run that would take long gets the bar (with the time
    # left) after a moment; this one is stopped after 1.5 s
    command -v timeout >/dev/null 2>&1 || { echo "no timeout(1): skipped"; exit 77; }
    script -qec "timeout 1.5 '$sim' fall --steps 1000000000 --no-check" /dev/null >long.txt 2>&1
    rc=$?
    [ $rc -eq 124 ] || fail "the long run ended with status $rc: $(tail -c 300 long.txt)"
    tr '\r' '\n' <long.txt | grep -q '^fall \[[#.]*\]  *[0-9]*% step [0-9]*/1000000000, [0-9.]* steps/s, ETA [0-9:]*' ||
        fail "no progress bar on a long run: $(tail -c 300 long.txt)"
    # a short run on a terminal: no bar
    script -qec "'$sim' table" /dev/null >short.txt 2>&1 ||
        fail "short run under script failed"
    lacks short.txt "steps/s"
    # NCS_PROGRESS=always forces it also when stderr is not a terminal
    # (issue 28: it did not); without it, never there; never with --quiet
    NCS_PROGRESS=always "$sim" table 2>file.txt || fail "run failed"
    tr '\r' '\n' <file.txt | grep -q '\[########################################\] 100% step 100/100, ' ||
        fail "NCS_PROGRESS=always: no bar into a file: $(cat file.txt)"
    "$sim" table 2>file.txt || fail "run failed"
    lacks file.txt "steps/s"
    NCS_PROGRESS=never script -qec "'$sim' table" /dev/null >never.txt 2>&1 ||
        fail "NCS_PROGRESS=never run failed"
    lacks never.txt "steps/s"
    NCS_PROGRESS=always "$sim" table --quiet 2>file.txt || fail "quiet run failed"
    lacks file.txt "steps/s"
    NCS_PROGRESS=always script -qec "'$sim' table --quiet" /dev/null >quiet.txt 2>&1 ||
        fail "quiet run failed"
    lacks quiet.txt "steps/s"
    # a failed step ends the bar's line before its message
    NCS_PROGRESS=always script -qec "'$sim' cap" /dev/null >cap.txt 2>&1
    tr '\r' '\n' <cap.txt | grep -q '^scenes/cap.ncs: step 1 failed' || fail "$(cat cap.txt)"
    ;;
failstep)
    # a step whose LCP fails: the message names the step, the status and
    # the file its LCP went to, which ncs-lcp reads
    run 1 overflow --quiet
    grep -q "^scenes/overflow.ncs: step 1 failed: LCP not solved (body p, solver status [a-z-]*); its LCP was written to ./overflow-fail-step-000001.dat$" err.txt ||
        fail "message: $(cat err.txt)"
    [ -s overflow-fail-step-000001.dat ] || fail "no LCP file written"
    if [ -n "$lcp" ]; then
        "$lcp" overflow-fail-step-000001.dat >lcp.txt 2>&1
        [ $? -eq 1 ] || fail "ncs-lcp solved the failed LCP: $(cat lcp.txt)"
        grep -q "fail-step-000001.dat [0-9]* " lcp.txt || fail "ncs-lcp cannot read it: $(cat lcp.txt)"
    fi
    has overflow-fail-step-000001.dat "ncs-z: status="
    # with --dump-lcp the message names the file in that directory
    run 1 overflow --quiet --dump-lcp dump
    has err.txt "its LCP was written to dump/step-000001.dat"
    [ -s dump/step-000001.dat ] || fail "--dump-lcp: no file"
    # an end state that is not admissible: said so, no LCP file
    rm -f ./*fail-step*
    run 1 strict --quiet
    [ "$(head -n 1 err.txt)" = "scenes/strict.ncs: step 1 failed: the end state would leave a body inside solid matter or beyond the contacts considered" ] ||
        fail "inadmissible: $(cat err.txt)"
    [ -z "$(ls | grep fail-step)" ] || fail "inadmissible: an LCP file was written"
    ;;
*)
    fail "unknown part"
    ;;
esac
echo "sim_check $part OK"
