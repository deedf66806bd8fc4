#!/bin/sh
# nonfinite.sh NCSC SCENE OUTDIR: a scene whose numbers would make a
# constant of the generated code non-finite is refused by the semantic
# checks: `--check` and `-o` both exit 1 with an error located at the
# number (FILE:LINE:COL: error: NAME = VALUE is too large/small: why), and
# -o leaves no file in OUTDIR. The old late message of the code generator
# ("a constant of the generated code is not finite") must not be reached.
ncsc=$1 scene=$2 out=$3
rm -rf "$out" && mkdir -p "$out" || exit 1
"$ncsc" --check "$scene" 2>"$out.check.err"
rc=$?
[ "$rc" = 1 ] || { echo "--check: exit $rc, expected 1"; cat "$out.check.err"; exit 1; }
"$ncsc" "$scene" -o "$out" 2>"$out.err"
rc=$?
[ "$rc" = 1 ] || { echo "-o: exit $rc, expected 1"; cat "$out.err"; exit 1; }
grep -Eq ":[0-9]+:[0-9]+: error: [a-z]+ = .* is too (large|small)" "$out.err" ||
  { echo "missing located error message:"; cat "$out.err"; exit 1; }
cmp -s "$out.err" "$out.check.err" || { echo "-o and --check differ:"; cat "$out.err" "$out.check.err"; exit 1; }
grep -q "constant of the generated code is not finite" "$out.err" &&
  { echo "the late code-generator error was reached"; exit 1; }
[ -z "$(ls -A "$out")" ] || { echo "partial output left:"; ls -A "$out"; exit 1; }
echo "ok: $(head -1 "$out.err")"
