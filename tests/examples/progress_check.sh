#!/bin/sh
# progress_check.sh SIM WORK
# The progress bar appears on stderr for long runs (>= 2000 steps) when
# stderr is a terminal (run under script(1) for a pseudo-terminal), and
# never when stderr is a file or with --quiet. Exit 77 (skipped) without
# script(1).
set -u
sim=$1 work=$2
fail() { echo "progress_check: $*" >&2; exit 1; }
mkdir -p "$work"
command -v script >/dev/null 2>&1 || { echo "no script(1): skipped"; exit 77; }
script -qec "'$sim' --steps 2000" /dev/null >"$work/tty.txt" 2>&1 || fail "run under script failed"
tr '\r' '\n' <"$work/tty.txt" | grep -q '\[########################################\] 100% step 2000/2000' ||
    fail "no progress bar on a terminal: $(tail -c 300 "$work/tty.txt")"
"$sim" --steps 2000 2>"$work/file.txt" || fail "run failed"
grep -q 'step 2000/2000' "$work/file.txt" && fail "progress bar written to a file"
script -qec "'$sim' --steps 2000 --quiet" /dev/null >"$work/quiet.txt" 2>&1 || fail "quiet run failed"
grep -q 'step 2000/2000' "$work/quiet.txt" && fail "progress bar despite --quiet"
echo "progress bar only on a terminal"
