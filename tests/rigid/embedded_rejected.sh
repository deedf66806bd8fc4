#!/bin/sh
# embedded_rejected.sh NCSC SCENE DIR
# Polygon bodies are not supported with --target embedded: ncsc must say so
# at the scene and exit 1 without writing any file.
set -u
ncsc=$1 scene=$2 dir=$3
rm -rf "$dir"
mkdir -p "$dir"
out=$("$ncsc" "$scene" -o "$dir" --target embedded 2>&1)
rc=$?
echo "$out"
[ "$rc" -eq 1 ] || { echo "exit status $rc, expected 1" >&2; exit 1; }
echo "$out" | grep -q "error: polygon bodies are not supported with --target embedded" ||
    { echo "message missing" >&2; exit 1; }
[ -z "$(ls "$dir")" ] || { echo "files were written" >&2; exit 1; }
