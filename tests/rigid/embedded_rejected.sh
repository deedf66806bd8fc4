#!/bin/sh
# embedded_rejected.sh NCSC SCENE DIR MESSAGE
# Scenes of the rigid-body path (polygon bodies, or bodies that can touch
# each other) are not supported with --target embedded: ncsc must say so
# (MESSAGE, a grep pattern: FILE:LINE:COL of the body and the text) and exit
# 1 without writing any file.
set -u
ncsc=$1 scene=$2 dir=$3 msg=$4
rm -rf "$dir"
mkdir -p "$dir"
out=$("$ncsc" "$scene" -o "$dir" --target embedded 2>&1)
rc=$?
echo "$out"
[ "$rc" -eq 1 ] || { echo "exit status $rc, expected 1" >&2; exit 1; }
echo "$out" | grep -q -- "$msg" || { echo "message missing: $msg" >&2; exit 1; }
[ -z "$(ls "$dir")" ] || { echo "files were written" >&2; exit 1; }
