#!/bin/sh
# expect-status.sh - runs a command that is supposed to fail in a precise
# way: passes only when it exits with STATUS and its output (stdout and
# stderr) matches the extended regular expression REGEX. Used by negative
# tests, where CTest's WILL_FAIL would also accept a crash or a usage error.
#
#   expect-status.sh STATUS REGEX COMMAND [ARG...]
#
# Exit status: 0 as expected, 1 otherwise, 2 bad usage.
set -u

if [ $# -lt 3 ]; then
    echo "usage: expect-status.sh STATUS REGEX COMMAND [ARG...]" >&2
    exit 2
fi
want=$1
regex=$2
shift 2

output=$("$@" 2>&1)
got=$?
printf '%s\n' "$output"
if [ "$got" -ne "$want" ]; then
    echo "expect-status: '$1' exited with $got, expected $want"
    exit 1
fi
if ! printf '%s\n' "$output" | grep -Eq -- "$regex"; then
    echo "expect-status: output of '$1' does not match /$regex/"
    exit 1
fi
echo "expect-status: '$1' ended as expected (status $got)"
exit 0
