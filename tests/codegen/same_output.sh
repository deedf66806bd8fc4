#!/bin/sh
# same_output.sh NCSC SCENE WORKDIR
# Generates SCENE twice into separate directories: the files must be
# byte-identical (no timestamps, stable order, stable number formatting).
set -eu
ncsc=$1 scene=$2 work=$3
rm -rf "$work"
mkdir -p "$work/a" "$work/b"
"$ncsc" "$scene" -o "$work/a" --prefix twice
"$ncsc" "$scene" -o "$work/b" --prefix twice
n=0
for f in "$work"/a/*; do
    cmp "$f" "$work/b/$(basename "$f")"
    n=$((n + 1))
done
[ "$n" -eq 3 ] || { echo "expected 3 generated files, got $n" >&2; exit 1; }
ls "$work"/a/*.tmp 2>/dev/null && { echo "temporary files left behind" >&2; exit 1; }
echo "3 files identical"
