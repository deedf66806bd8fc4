#!/bin/sh
# sweep_check.sh PART NCSC WORK - sweeps without recompiling (docs/sweeps.md):
#   friction  --set friction=MU and --set BODY.friction=MU: the scene's own
#             value changes nothing, another one changes the run, it
#             replaces every obstacle's (per side) and body's coefficient, a
#             frictionless scene refuses friction, bad values are usage errors
#   restitution  --set restitution=E and --set BODY.restitution=E: a
#             ball's bounce height is e^2 of its drop
#   sweep     the GNU parallel and the Slurm job array blocks of
#             docs/sweeps.md, run as written: the same twelve CSV files,
#             and friction changes where the disc ends (skipped, 77,
#             without GNU parallel)
# Every command's exit status is checked.
set -u
part=$1 ncsc=$2 work=$3
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
fail() { echo "sweep_check $part: $*" >&2; exit 1; }
rm -rf "$work"
mkdir -p "$work"
cd "$work" || exit 1
unset NCS_RUN_DIR
. "$here/common.sh"

# the simulators, built once (the docs' first step)
run 0 "$ncsc" run "$top/examples/valley.ncs" --steps 0 --quiet --no-check
sim=.ncs-run/valley/valley
[ -x "$sim" ] || fail "no simulator at $sim"

case $part in
friction)
    run 0 "$sim" --csv base.csv --quiet
    # the scene's own coefficient (0.6 everywhere): the same run, bit for bit
    run 0 "$sim" --set friction=0.6 --csv same.csv --quiet
    cmp -s base.csv same.csv || fail "--set friction=0.6 changed the run"
    run 0 "$sim" --set wheel.friction=0.6 --csv same2.csv --quiet
    cmp -s base.csv same2.csv || fail "--set wheel.friction=0.6 changed the run"
    # frictionless: nothing turns the disc (it rolls with friction)
    run 0 "$sim" --set friction=0 --csv f0.csv --quiet
    awk -F, 'NR > 1 && ($6 > 1e-9 || $6 < -1e-9) { bad = 1 } END { exit bad }' f0.csv ||
        fail "a frictionless disc turned"
    tail -n 1 base.csv | awk -F, '{ exit !($6 < -10) }' || fail "the disc did not roll with friction"
    # one body's friction alone does the same (sqrt(0 * 0.6) = 0)
    run 0 "$sim" --set wheel.friction=0 --csv b0.csv --quiet
    cmp -s f0.csv b0.csv || fail "wheel.friction=0 differs from friction=0"
    # given twice: the last one counts; --opt=value works
    run 0 "$sim" --set friction=0 --set=friction=0.6 --csv again.csv --quiet
    cmp -s base.csv again.csv || fail "the second --set friction did not win"
    # bad values
    run 2 "$sim" --set friction=-1 --csv bad.csv
    has err.txt "bad --set 'friction=-1': a friction coefficient is a number >= 0"
    run 2 "$sim" --set friction=abc --csv bad.csv
    has err.txt "expected a finite number"
    run 2 "$sim" --set nobody.friction=1 --csv bad.csv
    has err.txt "no body 'nobody'"
    [ ! -e bad.csv ] || fail "a bad --set wrote the CSV"
    run 0 "$sim" --help
    has out.txt "--set friction=MU, --set BODY.friction=MU"
    # friction per obstacle side: a V of two obstacles of friction 0.1 and
    # 0.9 with a disc and a box of 0.3 and 0.7, run with --set
    # friction=0.3, is the same scene written with 0.3 everywhere, bit for
    # bit; without the --set it is not
    scene() {
        cat <<EOF
scene $1 { h = 0.005; steps = 300; gravity = (0, -10); friction = $2; }
obstacle left polygon { outer (-3, -1) (0, -1) (0, 0) (-3, 1); friction = $3; }
obstacle right polygon { outer (0, -1.5) (3, -1.5) (3, 1) (0, 0); friction = $4; }
body wheel disc { mass = 1; radius = 0.2; position = (-2, 1); friction = $5; }
body box polygon {
    mass = 1; position = (2, 1); friction = $6;
    vertices (-0.2, -0.1) (0.2, -0.1) (0.2, 0.1) (-0.2, 0.1);
}
EOF
    }
    scene mixed 0.5 0.1 0.9 0.3 0.7 >mixed.ncs
    scene uniform 0.3 0.3 0.3 0.3 0.3 >uniform.ncs
    run 0 "$ncsc" run mixed.ncs --set friction=0.3 --csv mixed03.csv --quiet
    lacks err.txt "warning"
    run 0 "$ncsc" run uniform.ncs --csv uniform.csv --quiet
    cmp -s mixed03.csv uniform.csv || fail "--set friction=0.3 on mixed.ncs differs from uniform.ncs"
    run 0 "$ncsc" run mixed.ncs --csv=mixed.csv --quiet
    ! cmp -s mixed.csv uniform.csv || fail "mixed.ncs runs as uniform.ncs without --set"
    [ "$(wc -l <mixed.csv)" -eq 603 ] || fail "mixed.csv has $(wc -l <mixed.csv) lines"
    # a frictionless scene (no friction rows): refused, except 0
    run 0 "$ncsc" run "$top/examples/room.ncs" --steps 0 --quiet --no-check
    run 2 .ncs-run/room/room --set friction=0.3
    has err.txt "scene 'room' was compiled without friction"
    run 0 .ncs-run/room/room --set friction=0 --quiet
    ;;
restitution)
    # --set restitution=E and --set BODY.restitution=E on a ball dropped
    # from 1 m onto a floor (restitution 0.5): the scene's own value changes
    # nothing, another one changes the bounce to e^2 of the drop
    run 0 "$ncsc" run "$top/tests/joints/scenes/drop_bounce.ncs" --steps 0 --quiet --no-check
    sim=.ncs-run/drop_bounce/drop_bounce
    run 0 "$sim" --csv base.csv --quiet
    run 0 "$sim" --set restitution=0.5 --csv same.csv --quiet
    cmp -s base.csv same.csv || fail "--set restitution=0.5 changed the run"
    run 0 "$sim" --set=ball.restitution=0.5 --csv same2.csv --quiet
    cmp -s base.csv same2.csv || fail "--set=ball.restitution=0.5 changed the run"
    # the highest centre after the first impact (t > 0.6 s; radius 0.1)
    top_after() { awk -F, 'NR > 1 && $2 > 0.6 && $5 > m { m = $5 } END { printf "%.2f\n", m }' "$1"; }
    [ "$(top_after base.csv)" = 0.35 ] || fail "e = 0.5 rose to $(top_after base.csv), not 0.25 + 0.1"
    for e in 0 0.8 1; do
        run 0 "$sim" --set restitution=$e --csv e$e.csv --quiet
    done
    [ "$(top_after e0.csv)" = 0.10 ] || fail "e = 0 bounced: $(top_after e0.csv)"
    [ "$(top_after e0.8.csv)" = 0.74 ] || fail "e = 0.8 rose to $(top_after e0.8.csv), not 0.64 + 0.1"
    [ "$(top_after e1.csv)" = 1.10 ] || fail "e = 1 rose to $(top_after e1.csv), not 1 + 0.1"
    # one body's: the pair takes the larger of the ball's and the floor's
    run 0 "$sim" --set ball.restitution=0.8 --csv b0.8.csv --quiet
    cmp -s e0.8.csv b0.8.csv || fail "ball.restitution=0.8 differs from restitution=0.8"
    run 0 "$sim" --set ball.restitution=0 --csv b0.csv --quiet
    cmp -s base.csv b0.csv || fail "ball.restitution=0 changed the run (the floor's 0.5 is larger)"
    # bad values: usage errors, nothing written
    run 2 "$sim" --set restitution=1.5 --csv bad.csv
    has err.txt "bad --set 'restitution=1.5': a restitution is a number from 0 to 1"
    run 2 "$sim" --set ball.restitution=-0.1 --csv bad.csv
    has err.txt "a restitution is a number from 0 to 1"
    run 2 "$sim" --set restitution=x --csv bad.csv
    has err.txt "expected a finite number"
    [ ! -e bad.csv ] || fail "a bad --set wrote the CSV"
    run 0 "$sim" --help
    has out.txt "--set restitution=E, --set BODY.restitution=E"
    ;;
sweep)
    if ! command -v parallel >/dev/null 2>&1; then
        echo "sweep_check sweep: SKIP: GNU parallel is missing (Debian: apt-get install parallel)" >&2
        exit 77
    fi
    # block NAME: the code block after "<!-- sweep-test: NAME -->"
    block() {
        awk -v name="$1" '$0 == "<!-- sweep-test: " name " -->" { on = 1; next }
                          on && /^```sh/ { inb = 1; next }
                          inb && /^```/ { exit }
                          inb { print }' "$top/docs/sweeps.md"
    }
    block parallel >parallel.sh
    block slurm >slurm.sh
    [ -s parallel.sh ] && [ -s slurm.sh ] || fail "docs/sweeps.md lacks its test blocks"
    run 0 sh parallel.sh
    [ "$(wc -l <out.txt)" -eq 12 ] || fail "the parallel block printed $(wc -l <out.txt) lines: $(cat out.txt)"
    has out.txt "sweep/mu0.6-v0.csv: x = "
    mv sweep parallel-sweep
    i=0
    while [ $i -lt 12 ]; do
        SLURM_ARRAY_TASK_ID=$i run 0 sh slurm.sh
        i=$((i + 1))
    done
    [ "$(ls sweep | wc -l)" -eq 12 ] || fail "the Slurm tasks wrote $(ls sweep | wc -l) files"
    for f in parallel-sweep/*.csv; do
        cmp -s "$f" "sweep/$(basename "$f")" || fail "$f differs between parallel and Slurm"
        [ "$(wc -l <"$f")" -eq 1202 ] || fail "$f has $(wc -l <"$f") lines"
    done
    # friction changes how far the disc rolled: four final angles to 1e-3
    ends=$(for mu in 0 0.2 0.4 0.6; do
               tail -n 1 "sweep/mu$mu-v1.csv" | awk -F, '{ printf "%.3f\n", $6 }'
           done | sort -u | wc -l)
    [ "$ends" -eq 4 ] || fail "$ends different final angles over four friction coefficients"
    ;;
*)
    fail "unknown part"
    ;;
esac
echo "sweep_check $part: passed"
