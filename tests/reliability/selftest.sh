#!/bin/sh
# selftest.sh NCSC GEN WORK EXAMPLES
#
# corpus.sh finds what it is meant to find: it runs on 40 mutants with a
# stand-in for ncsc (written into WORK) that misbehaves on some of them
# and passes the others on to NCSC. Each misbehaviour must be reported as
# a FAIL line naming its mutant, and nothing else (mutants of room.ncs and
# corner.ncs only):
#   00001 --check dies of SIGSEGV        00002 --check hangs (timeout 3 s)
#   00003 -o fails leaving a file        00004 -o succeeds writing nothing
#   00006 -o fails leaving the folder    00007 --check prints an odd line
#   00008 --check fails silently         00010 --check: status 0 and an error
#   00012 --check: a sanitizer report    00016 --check exits with status 3
#   00017 --check: status 0, no ok line
# (mutants 00003, 00004 and 00006 are in the -o subset of seed 28 with
# EMIT 2; checked below).
set -u
ncsc=$1 gen=$2 work=$3 examples=$4
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work" || exit 2
fake=$work/fake-ncsc
cat > "$fake" <<FAKE
#!/bin/sh
if [ "\$1" = --check ]; then mode=check file=\$2; else mode=emit file=\$1 dir=\$3; fi
case \$mode.\${file%.ncs} in
    check.00001) kill -SEGV \$\$ ;;
    check.00002) sleep 30; exit 0 ;;
    emit.00003) mkdir -p "\$dir" && echo partial > "\$dir/x.c"; exit 1 ;;
    emit.00004) exit 0 ;;
    emit.00006) mkdir -p "\$dir"; echo "\$file:1:1: error: made up" >&2; exit 1 ;;
    check.00007) echo "something odd" >&2; exit 1 ;;
    check.00008) exit 1 ;;
    check.00010) echo "\$file:1:1: error: made up" >&2; exit 0 ;;
    check.00012) echo "==1==ERROR: AddressSanitizer: heap-buffer-overflow" >&2; exit 1 ;;
    check.00016) exit 3 ;;
    check.00017) exit 0 ;;
esac
exec "$ncsc" "\$@"
FAKE
chmod +x "$fake" || exit 2
# two small examples only, so the real ncsc stays far within the time limit
# (even under ASan on a loaded machine)
mkdir -p "$work/ex" && cp "$examples/room.ncs" "$examples/corner.ncs" "$work/ex/" || exit 2
REL_TIMEOUT=3 sh "$here/corpus.sh" "$fake" "$gen" 28 40 2 "$work/corpus" "$work/ex" > "$work/out" 2>&1
rc=$?
sed 's/^/    /' "$work/out" | grep -v '^    *[0-9]*  '
for id in 00003 00004 00006; do
    grep -q "^$id emit " "$work/corpus/m/manifest" ||
        { echo "selftest.sh: mutant $id is not in the -o subset any more: choose others"; exit 1; }
done
[ $rc -eq 1 ] || { echo "selftest.sh: corpus.sh exited with status $rc, not 1"; exit 1; }
ids=$(sed -n 's/^FAIL \([0-9]*\) .*/\1/p' "$work/out") || exit 2
got=$(printf '%s\n' $ids | sort -u) || exit 2
got=$(echo $got)
want="00001 00002 00003 00004 00006 00007 00008 00010 00012 00016 00017"
if [ "$got" != "$want" ]; then
    echo "selftest.sh: FAIL lines for '$got', expected '$want'"
    exit 1
fi
grep -q '^FAIL 00002 .*(a hang)' "$work/out" || { echo "selftest.sh: the hang is not called one"; exit 1; }
echo "selftest.sh: ok: every misbehaviour reported, nothing else"
