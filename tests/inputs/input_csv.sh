#!/bin/sh
# input_csv.sh NCSC SCENE DIR KSCENE - the simulator's --input (issue 27): a
# push from step 0 to 100 gives the closed form v = n h F / m and then
# holds; every kind of bad row is an error FILE:LINE: error: ... with exit
# status 2 and nothing simulated (no CSV written), a force on a kinematic
# body of KSCENE too.
ncsc=$1 scene=$2 dir=$3 kscene=$4
fail() { echo "input_csv: $*" >&2; exit 1; }
rm -rf "$dir" && mkdir -p "$dir" || exit 1
cd "$dir" || exit 1
export NCS_RUN_DIR="$dir/run"

printf 'step,body,fx,fy,torque\n0,box,3,0,0\n\n100,box,0,0,0\n' > good.csv
"$ncsc" run "$scene" --input good.csv --steps 120 --csv out.csv --quiet ||
    fail "a good input file failed (status $?)"
# box (m = 2, F = 3, h = 0.01): vx after 100 steps is 1.5 and stays there;
# the ball, untouched, stays at rest
awk -F, '$3 == "box" && ($1 == 100 || $1 == 120) { if ($7 < 1.5 - 1e-12 || $7 > 1.5 + 1e-12) bad = 1; n++ }
         $3 == "box" && $1 == 50 { if ($7 < 0.75 - 1e-12 || $7 > 0.75 + 1e-12) bad = 1; n++ }
         $3 == "ball" && $1 == 120 { if ($7 != 0) bad = 1; n++ }
         END { exit !(n == 4 && !bad) }' out.csv || fail "velocities off the closed form: $(grep -E '^(50|100|120),' out.csv)"

# bad FILE LINE TEXT: the run fails with status 2 and that message.
bad() {
    file=$1 line=$2 text=$3
    rm -f out.csv
    "$ncsc" run "$scene" --input "$file" --csv out.csv --quiet 2> err.txt
    st=$?
    [ "$st" -eq 2 ] || fail "$file: status $st, not 2"
    grep -q "^$file:$line: error: $text" err.txt || fail "$file: message $(cat err.txt)"
    [ ! -e out.csv ] || fail "$file: something was simulated"
}
printf 'step,body,fx,fy,torque\n0,box,1,0,0\n2,crate,1,0,0\n' > body.csv
bad body.csv 3 "unknown body 'crate'"
printf 'step,body,fx,fy,torque\n0,box,1,x,0\n' > num.csv
bad num.csv 2 "bad fy 'x'"
printf 'step,body,fx,fy,torque\n0,box,nan,0,0\n' > nan.csv
bad nan.csv 2 "bad fx 'nan'"
printf 'step,body,fx,fy,torque\n5,box,1,0,0\n3,box,1,0,0\n' > back.csv
bad back.csv 3 "step 3 goes backwards"
printf 'step,body,fx,fy,torque\n0,box,1,0\n' > missing.csv
bad missing.csv 2 "missing column 'torque'"
printf 'step,body,fx,fy,torque\n0,box,1,0,0,7\n' > extra.csv
bad extra.csv 2 "more than 5 columns"
printf 'step,body,fx,fy\n0,box,1,0\n' > header.csv
bad header.csv 1 "the header must be"
printf 'step,body,fx,fy,torque\n-1,box,1,0,0\n' > step.csv
bad step.csv 2 "bad step '-1'"
bad nothere.csv 0 "cannot read"
scene=$kscene
printf 'step,body,fx,fy,torque\n0,crate,1,0,0\n4,plow,1,0,0\n' > kinematic.csv
bad kinematic.csv 3 "body 'plow' is kinematic"
exit 0
