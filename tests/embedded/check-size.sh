#!/bin/sh
# check-size.sh SIZE LIMIT OBJ... - fails (status 1) unless the total .text
# of the objects, as arm-none-eabi-size (SIZE) counts it, is below LIMIT
# bytes. Used for the 16 KB goal of the Fig. 3 firmware library part.
[ $# -ge 3 ] || { echo "usage: check-size.sh SIZE LIMIT OBJ..." >&2; exit 2; }
size=$1
limit=$2
shift 2
out=$("$size" -t "$@") || { echo "check-size: $size failed (status $?)" >&2; exit 1; }
text=$(printf '%s\n' "$out" | awk '/\(TOTALS\)/ { print $1 }')
[ -n "$text" ] || { echo "check-size: no size output" >&2; exit 1; }
echo "library text: $text bytes (limit $limit)"
[ "$text" -lt "$limit" ] || { echo "check-size: $text >= $limit bytes" >&2; exit 1; }
