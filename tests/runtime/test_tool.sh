#!/bin/sh
# test_tool.sh NCS_LCP DATA_DIR WORK_DIR [MMAX] - the ncs-lcp command line.
# MMAX (default: every file) bounds the LCPs the --cs comparison solves
# (the sanitizer build: 170 rows; its files of 684 rows took most of 142 s).
set -u
tool=$1 data=$2 work=$3 mmax=${4:-0}
fail=0
check() { if ! eval "$2"; then echo "FAIL: $1"; fail=1; fi; }

out=$("$tool" --print-z "$data"/fig3a-max.dat "$data"/fig3a-sum.dat); rc=$?
echo "$out"
check "paper files solve (exit 0)" '[ $rc -eq 0 ]'
check "status column" 'echo "$out" | grep -q "fig3a-max.dat 10 solved "'
check "paper z" 'echo "$out" | grep -qx "z = 2.5 0.5 99.5 0 1 1.5 0 0 0 0"'

out=$("$tool" --plain "$data"/fig3a-max.dat); rc=$?
echo "$out"
check "plain Lemke stops on a ray (exit 1)" '[ $rc -eq 1 ] && echo "$out" | grep -q " ray "'

# --cs: the same lines in contact space (A, a0, mu read back from B and b)
for f in "$data"/*.dat; do
    m=$(sed -n '/^[^#]/{s/^ *\([0-9]*\).*/\1/p;q;}' "$f")
    [ "$mmax" -gt 0 ] && [ "${m:-0}" -gt "$mmax" ] && continue
    a=$("$tool" --print-z "$f"); ra=$?
    c=$("$tool" --cs --print-z "$f"); rc=$?
    a=$(printf '%s\n' "$a" | sed 's/ [0-9.]*$//')
    c=$(printf '%s\n' "$c" | sed 's/ [0-9.]*$//')
    check "--cs answers as the dense solver: $f" '[ $ra -le 1 ] && [ $ra -eq $rc ] && [ "$a" = "$c" ]'
done

# the layout can be supplied on the command line
sed '/ncs-layout/d' "$data"/fig3b-max.dat > "$work"/nolayout.dat
"$tool" --cs "$work"/nolayout.dat >/dev/null 2>"$work"/cs.err; rc=$?
check "--cs without a layout is a usage error (exit 2)" '[ $rc -eq 2 ] && grep -q "needs the file.s layout" "$work"/cs.err'
out=$("$tool" --layout 'form=max groups=2 convex=0 fric=0 gamma=100' "$work"/nolayout.dat); rc=$?
check "--layout supplies the structure" '[ $rc -eq 0 ]'
"$tool" "$work"/nolayout.dat >/dev/null 2>"$work"/nolayout.err; rc=$?
check "without a layout a small max LCP is solved (complementary bases)" '[ $rc -eq 0 ]'
"$tool" --plain "$work"/nolayout.dat >/dev/null 2>"$work"/nolayout.err; rc=$?
check "--plain without a layout: max is not solved" '[ $rc -eq 1 ]'
check "... and the failure hints at --layout" 'grep -q "no ncs-layout line.*--layout" "$work"/nolayout.err'
"$tool" "$data"/fig3b-max.dat >/dev/null 2>"$work"/layout.err
check "no hint when the file has a layout" '[ ! -s "$work"/layout.err ]'

# --opt=value works as --opt value
out=$("$tool" --layout='form=max groups=2 convex=0 fric=0 gamma=100' "$work"/nolayout.dat); rc=$?
check "--layout=SPEC supplies the structure" '[ $rc -eq 0 ] && echo "$out" | grep -q "nolayout.dat 10 solved "'
out=$("$tool" --repeat=3 --print-z "$data"/fig3a-max.dat); rc=$?
check "--repeat=N" '[ $rc -eq 0 ] && echo "$out" | grep -qx "z = 2.5 0.5 99.5 0 1 1.5 0 0 0 0"'
"$tool" --repeat= "$data"/fig3a-max.dat 2>/dev/null; rc=$?
check "--repeat= (empty): exit 2" '[ $rc -eq 2 ]'
"$tool" --repeat=0 "$data"/fig3a-max.dat 2>/dev/null; rc=$?
check "--repeat=0: exit 2" '[ $rc -eq 2 ]'

# --help: on stdout, exit 0, every option of the usage line described
out=$("$tool" --help); rc=$?
check "--help: exit 0" '[ $rc -eq 0 ]'
for o in --repeat --print-z --plain --cs --layout --help; do
    check "--help describes $o" 'echo "$out" | grep -q -- "^  $o "'
    check "--help's usage line has $o" 'echo "$out" | head -n 1 | grep -q -- "\[$o"'
done
"$tool" 2>"$work"/usage.err; rc=$?
check "no file: exit 2 and a hint" '[ $rc -eq 2 ] && grep -q "ncs-lcp --help" "$work"/usage.err'

"$tool" --repeat 3 "$work"/does-not-exist.dat 2>/dev/null; rc=$?
check "missing file: exit 2" '[ $rc -eq 2 ]'
"$tool" --bogus "$data"/fig3a-max.dat 2>/dev/null; rc=$?
check "bad option: exit 2" '[ $rc -eq 2 ]'
"$tool" --layout 'form=max groups=0' "$data"/fig3a-max.dat 2>/dev/null; rc=$?
check "bad layout: exit 2" '[ $rc -eq 2 ]'
printf '3\n0\n3\n3\n3\t3\n1 2\n' > "$work"/short.dat
"$tool" "$work"/short.dat 2>/dev/null; rc=$?
check "truncated file: exit 2" '[ $rc -eq 2 ]'

# issue 28: inputs read with a limit, located errors that name the file
"$tool" /dev/zero >/dev/null 2>"$work"/zero.err; rc=$?
check "/dev/zero: exit 2, the NUL byte at 1:1" '[ $rc -eq 2 ] && grep -qx "ncs-lcp: /dev/zero:1:1: a NUL byte (a .dat file is text)" "$work"/zero.err'
printf '2\n0\n2\n2\n2\t2\n1 0\n0 1\n-1 \000' > "$work"/nul.dat
"$tool" "$work"/nul.dat >/dev/null 2>"$work"/nul.err; rc=$?
check "a NUL byte at 8:4: exit 2" '[ $rc -eq 2 ] && grep -q "nul.dat:8:4: a NUL byte" "$work"/nul.err'
if truncate -s 268435457 "$work"/big.dat 2>/dev/null; then
    "$tool" "$work"/big.dat >/dev/null 2>"$work"/big.err; rc=$?
    check "a file past 256 MiB: exit 2, refused by its size" '[ $rc -eq 2 ] && grep -q "big.dat: file is larger than 268435456 bytes (256 MiB)" "$work"/big.err'
    rm -f "$work"/big.dat
fi
for h in 0x2 2.0 +2 2e0; do
    printf '%s\n0\n2\n2\n2\t2\n1 0\n0 1\n-1 -1\n' "$h" > "$work"/hex.dat
    "$tool" "$work"/hex.dat >/dev/null 2>"$work"/hex.err; rc=$?
    check "header m = $h is not a decimal integer: exit 2" '[ $rc -eq 2 ] && grep -q "hex.dat: bad header: 6 decimal integers" "$work"/hex.err'
done
printf '2\n0\n2\n2\n2\t2\n1 0\n0 1\n-1 -1\n' > "$work"/dec.dat
"$tool" "$work"/dec.dat >/dev/null 2>"$work"/dec.err; rc=$?
check "the same file with m = 2 solves" '[ $rc -eq 0 ]'
printf '2\n0\n2\n2\n2\t2\n1 0\n0 1\n-1 -1\nncs-layout: form=bogus\n' > "$work"/badlay.dat
"$tool" "$work"/badlay.dat >/dev/null 2>"$work"/badlay.err; rc=$?
check "a bad layout line names the file: exit 2" '[ $rc -eq 2 ] && grep -qx "ncs-lcp: .*badlay.dat: layout: unknown form" "$work"/badlay.err'
"$tool" --layout 'form=bogus' "$work"/dec.dat >/dev/null 2>"$work"/optlay.err; rc=$?
check "a bad --layout names the option" '[ $rc -eq 2 ] && grep -qx "ncs-lcp: --layout: layout: unknown form" "$work"/optlay.err'
for r in 0 -1 ' 5' 1000001; do
    "$tool" --repeat "$r" "$work"/dec.dat >/dev/null 2>"$work"/rep.err; rc=$?
    check "--repeat '$r': exit 2 with a clear error" '[ $rc -eq 2 ] && grep -q "^ncs-lcp: error: --repeat takes a whole number from 1 to 1000000, not .$r.\$" "$work"/rep.err'
done
exit $fail
