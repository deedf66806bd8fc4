#!/bin/sh
# progress_check.sh SIM WORK [LONG]
# The progress bar is shown on stderr when stderr is a terminal (script(1)
# provides one) and the run would take more than about 2 s; NCS_PROGRESS=
# always shows it whatever the length, also into a file (issue 28: it did
# not, although the README said so), NCS_PROGRESS=never hides it. Without
# NCS_PROGRESS it never goes to a file; it never appears with --quiet. A line of the
# bar: NAME [40 marks] PCT% step N/TOTAL, RATE steps/s, ETA m:ss (while
# running) or took m:ss (at the end); the run then ends with its one
# summary line. Exit 77 (skipped) without script(1). LONG (default
# 4000000) is the step count of the runs that must take more than 2 s: the
# sanitizer build, about 20 times slower, takes fewer.
set -u
sim=$1 work=$2 long=${3:-4000000}
fail() { echo "progress_check: $*" >&2; exit 1; }
mkdir -p "$work"
command -v script >/dev/null 2>&1 || { echo "no script(1): skipped"; exit 77; }
help=$("$sim" --help) || fail "--help: exit status $?"
name=$(printf '%s\n' "$help" | sed -n "s/^Simulates scene '\([^']*\)'.*/\1/p")
[ -n "$name" ] || fail "no scene name in --help"
# bar lines, one per redraw, and the other lines of a terminal's output
lines() { tr '\r' '\n' <"$1" | sed 's/ *$//' | grep -v '^$'; }
# every bar line of FILE is well formed for a run of TOTAL steps
bars_ok() {
    bad=$(lines "$1" | grep "^$name \[" |
          grep -v "^$name \[[#.]\{40\}\] *[0-9]\{1,3\}% step [0-9]*/$2, [0-9.]* steps/s, \(ETA\|took\) [0-9]*:[0-9][0-9]\$")
    [ -z "$bad" ] || fail "malformed progress line: $bad"
}
summary_count() { lines "$1" | grep -c "^$name: [0-9]* steps ("; }

# forced on a terminal: the first redraw (step 1) has the rate and the time
# left, the last one says 100% and how long it took, then one summary line
NCS_PROGRESS=always script -qec "'$sim' --steps 2000" /dev/null >"$work/tty.txt" 2>&1 ||
    fail "run under script failed: $(tail -c 300 "$work/tty.txt")"
set -- "$work/tty.txt" 2000
lines "$1" | grep -q "^$name \[\.\{40\}\]   0% step 1/2000, [0-9.]* steps/s, ETA [0-9]*:[0-9][0-9]\$" ||
    fail "no first progress line with rate and ETA: $(tail -c 300 "$1")"
lines "$1" | grep -q "^$name \[#\{40\}\] 100% step 2000/2000, [0-9.]* steps/s, took [0-9]*:[0-9][0-9]\$" ||
    fail "no final progress line: $(tail -c 300 "$1")"
bars_ok "$1" "$2"
[ "$(summary_count "$1")" -eq 1 ] || fail "not exactly one summary line: $(lines "$1")"
[ "$(lines "$1" | grep -vc "^$name \[")" -eq 1 ] || fail "more than the bar and the summary: $(lines "$1")"

# by default the length decides: a short run shows none, a long one does
script -qec "'$sim' --steps 10 --no-check" /dev/null >"$work/short.txt" 2>&1 ||
    fail "short run failed"
lines "$work/short.txt" | grep -q "^$name \[" && fail "progress bar on a short run"
[ "$(summary_count "$work/short.txt")" -eq 1 ] || fail "short run: no summary line"
env -u NCS_PROGRESS script -qec "'$sim' --steps $long --no-check" /dev/null >"$work/long.txt" 2>&1 ||
    fail "long run failed"
set -- "$work/long.txt" $long
lines "$1" | grep -q "^$name \[#\{40\}\] 100% step $long/$long, [0-9.]* steps/s, took" ||
    fail "no progress bar on a long run: $(tail -c 300 "$1")"
bars_ok "$1" "$2"
[ "$(summary_count "$1")" -eq 1 ] || fail "long run: not exactly one summary line"
NCS_PROGRESS=never script -qec "'$sim' --steps $long --no-check" /dev/null >"$work/never.txt" 2>&1 ||
    fail "NCS_PROGRESS=never run failed"
lines "$work/never.txt" | grep -q "^$name \[" && fail "progress bar despite NCS_PROGRESS=never"
[ "$(summary_count "$work/never.txt")" -eq 1 ] || fail "NCS_PROGRESS=never: no summary line"

# to a file only when forced, then the same lines as on a terminal; never
# with --quiet
NCS_PROGRESS=always "$sim" --steps 2000 2>"$work/file.txt" || fail "run failed"
lines "$work/file.txt" | grep -q "^$name \[#\{40\}\] 100% step 2000/2000, [0-9.]* steps/s, took" ||
    fail "NCS_PROGRESS=always: no bar in the file: $(tail -c 300 "$work/file.txt")"
bars_ok "$work/file.txt" 2000
[ "$(summary_count "$work/file.txt")" -eq 1 ] || fail "no summary line in the file"
env -u NCS_PROGRESS "$sim" --steps 2000 2>"$work/file.txt" || fail "run failed"
grep -q 'step 2000/2000' "$work/file.txt" && fail "progress bar written to a file"
[ "$(summary_count "$work/file.txt")" -eq 1 ] || fail "no summary line in the file"
NCS_PROGRESS=always script -qec "'$sim' --steps 2000 --quiet" /dev/null >"$work/quiet.txt" 2>&1 ||
    fail "quiet run failed"
[ -s "$work/quiet.txt" ] && fail "output despite --quiet: $(cat "$work/quiet.txt")"
echo "progress bar on a terminal by length, anywhere with NCS_PROGRESS=always"
