#!/bin/sh
# nonfinite.sh NCSC SCENE OUTDIR: compiling SCENE must fail with exit 1, an
# error that names the cause, and no file in OUTDIR.
ncsc=$1 scene=$2 out=$3
rm -rf "$out" && mkdir -p "$out" || exit 1
"$ncsc" "$scene" -o "$out" 2>"$out.err"
rc=$?
[ "$rc" = 1 ] || { echo "exit $rc, expected 1"; cat "$out.err"; exit 1; }
grep -q "error: a constant of the generated code is not finite" "$out.err" ||
  { echo "missing error message:"; cat "$out.err"; exit 1; }
[ -z "$(ls -A "$out")" ] || { echo "partial output left:"; ls -A "$out"; exit 1; }
echo "ok: $(head -1 "$out.err")"
