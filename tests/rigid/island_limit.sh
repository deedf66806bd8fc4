#!/bin/sh
# island_limit.sh NCSC SRCDIR OUTDIR
# Island sizes (docs/engine.md, "Sizes"): scenes/islands-five (no
# `capacity`) compiles without a message into a state whose sizes are
# declared; scenes/islands-toobig (capacity = 20001: islands of at least
# 20001 LCP rows, above the runtime's limit of 20000) fails with exit 1,
# exactly the error below and no file, and so does --check; the same scene
# with capacity = 20000 is accepted.
set -u
ncsc=$1 src=$2 out=$3
rm -rf "$out" && mkdir -p "$out/five" "$out/toobig" || exit 2
fail=0

# compile NAME STATUS MESSAGE: ncsc on scenes/islands-NAME.ncs into $out/NAME must
# exit with STATUS and print MESSAGE as its first line (nothing when empty)
compile() {
    (cd "$src" && "$ncsc" "scenes/islands-$1.ncs" -o "$out/$1") 2>"$out/$1.err"
    rc=$?
    [ "$rc" = "$2" ] || { echo "islands-$1: exit $rc, expected $2"; fail=1; }
    [ "$(sed -n 1p "$out/$1.err")" = "$3" ] ||
        { echo "islands-$1: got"; cat "$out/$1.err"; echo "expected: $3"; fail=1; }
}

compile five 0 ""
[ -s "$out/five.err" ] && { echo "islands-five: messages: $(cat "$out/five.err")"; fail=1; }
for k in MAX_PAIRS MAX_SIDES MAX_CONTACTS MAX_GROUPS MAX_M; do
    grep -q "^#define ISLANDS_FIVE_$k [1-9][0-9]* " "$out/five/islands_five.h" ||
        { echo "islands-five: no ISLANDS_FIVE_$k"; fail=1; }
done
grep -q "^#define ISLANDS_FIVE_CAPACITY " "$out/five/islands_five.h" &&
    { echo "islands-five: the old CAPACITY macro"; fail=1; }
# the semantic checks refuse it, at the number, so --check does too
msg="scenes/islands-toobig.ncs:10:16: error: capacity = 20001 is too large: islands of at least 20001 LCP rows (formulation max), above the runtime's limit of 20000; choose a smaller capacity"
compile toobig 1 "$msg"
[ -z "$(ls -A "$out/toobig")" ] || { echo "islands-toobig: output left"; fail=1; }
(cd "$src" && "$ncsc" --check scenes/islands-toobig.ncs) 2>"$out/toobig-check.err"
rc=$?
[ "$rc" = 1 ] && [ "$(sed -n 1p "$out/toobig-check.err")" = "$msg" ] ||
    { echo "islands-toobig --check: exit $rc:"; cat "$out/toobig-check.err"; fail=1; }
# the limit itself is accepted
sed 's/capacity = 20001;/capacity = 20000;/' "$src/scenes/islands-toobig.ncs" >"$out/limit.ncs"
grep -q 'capacity = 20000;' "$out/limit.ncs" || { echo "no capacity line to change"; fail=1; }
"$ncsc" --check "$out/limit.ncs" 2>"$out/limit.err" ||
    { echo "capacity = 20000 refused: $(cat "$out/limit.err")"; fail=1; }
[ "$fail" = 0 ] && echo "island limits: sizes declared, error at the limit as expected"
exit "$fail"
