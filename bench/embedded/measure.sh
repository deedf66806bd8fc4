#!/bin/sh
# measure.sh - footprint and cost of ncs firmware: sizes of the library part,
# per-function stack use, and instructions executed on QEMU.
#
#   measure.sh [-m MACHINE] [-q QEMU] [-x | -s] ELF [LIBOBJ...]
#
#   ELF      a firmware image built by ncs_firmware_executable
#   LIBOBJ   the objects of its library part (<p>.c and the copy <p>_ncs.c);
#            their .su files (-fstack-usage) are expected next to them
#   -m       QEMU machine (default mps2-an386)
#   -q       QEMU binary (default qemu-system-arm, or $NCS_QEMU)
#   -x       also count instructions one by one (-singlestep), to cross-check
#            the block-based count; slower
#   -s       static figures only (sizes, state, stack from .su/.ci): no QEMU run
#
# Reported:
#   size     .text/.data/.bss of the library objects (arm-none-eabi-size),
#            and of the whole ELF (which adds startup code and newlib)
#   state    for a generated simulator's example main: sizeof(<p>_state),
#            the caller-owned object (symbol <p>_st in .bss)
#   stack    the largest frame over the library's functions, from the .su
#            files; then a static bound over call chains, the largest sum of
#            frames along a chain of gcc's call graph (the .ci files of
#            -fcallgraph-info=su; stack-bound.sh), which leaves out the
#            frames of callees outside the library (libgcc's soft-float
#            helpers, memcpy/memset) and indirect calls, and lists them.
#            Then the stack actually used, measured by startup.c's probe
#            (a second run with --ncs-stack on the semihosting command
#            line): whole run (incl. newlib's printf) and the deepest marked
#            region below its caller's SP (which includes the end marker's
#            own small frame, 8 bytes with gcc 12 -O2). Measured, so it
#            covers only the paths this run took.
#   insns    guest instructions executed by the whole run and by the library
#            part's functions. QEMU (7.2, Debian) has no DWT cycle counter
#            (CYCCNT reads 0) and Debian ships no TCG plugins, so we use
#            QEMU's own logs: -d in_asm gives the instructions of every
#            translated block, -d exec,nochain a line per executed block;
#            the sum over executed blocks of their length is the count.
#            "nochain" makes every block execution pass through the logger.
#            The log is streamed through a FIFO into awk, never stored.
#            A block belongs to the function of its first instruction (the
#            symbol QEMU prints); blocks end at branches, so they do not
#            straddle functions. Two library figures are given: the
#            instructions in the library objects' own functions (exclusive:
#            a double build's soft-float helpers live in libgcc and are not
#            in it), and, when the program calls ncs_fw_mark_begin/end
#            (tests/embedded/fw_harness.h) around e.g. each time step, the
#            instructions executed inside those regions (inclusive).
#
# Exit status: 0 when the measurements were taken (whatever the firmware's
# own status, which is printed); 1 when a tool failed; 2 bad usage.
set -u

machine=mps2-an386
qemu=${NCS_QEMU:-qemu-system-arm}
exact=0
static_only=0
size=${NCS_FW_SIZE:-arm-none-eabi-size}
nm=${NCS_FW_NM:-arm-none-eabi-nm}

usage() {
    echo "usage: measure.sh [-m MACHINE] [-q QEMU] [-x | -s] ELF [LIBOBJ...]" >&2
    exit 2
}
while getopts m:q:xs opt; do
    case $opt in
    m) machine=$OPTARG ;;
    q) qemu=$OPTARG ;;
    x) exact=1 ;;
    s) static_only=1 ;;
    *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || usage
elf=$1
shift
for f in "$elf" "$@"; do
    [ -r "$f" ] || { echo "measure: cannot read $f" >&2; exit 2; }
done
for t in "$qemu" "$size" "$nm"; do
    command -v "$t" >/dev/null 2>&1 || { echo "measure: $t not found" >&2; exit 1; }
done

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

echo "firmware: $elf"
echo "machine:  $machine"

# --- sizes -----------------------------------------------------------------
if [ $# -gt 0 ]; then
    echo
    echo "== size of the library part (bytes)"
    "$size" -t "$@" || exit 1
    # What the linker kept of it: --gc-sections drops the functions the
    # program never calls (each function is its own section), so the
    # image holds the sum of the sizes of the library's symbols in the ELF.
    "$nm" --defined-only "$@" 2>/dev/null |
        awk 'NF == 3 && $2 ~ /^[TtRrDdBb]$/ { print $3 }' | sort -u >"$tmp/libsyms" || exit 1
    "$nm" -S "$elf" | awk -v list="$tmp/libsyms" '
        function hex(h,   i, v) {
            v = 0
            for (i = 1; i <= length(h); i++)
                v = v * 16 + index("0123456789abcdef", tolower(substr(h, i, 1))) - 1
            return v
        }
        BEGIN { while ((getline s < list) > 0) want[s] = 1 }
        NF == 4 && ($4 in want) && !seen[$1]++ {   # once per address: gcc folds identical functions into aliases
            n = hex($2)
            if ($3 ~ /^[Tt]$/) text += n; else if ($3 ~ /^[RrDd]$/) data += n; else bss += n
        }
        END { printf "  linked into the image: text %d, rodata+data %d, bss %d bytes\n", text, data, bss }'
fi
echo
echo "== size of the whole image (bytes; adds startup code and newlib)"
"$size" "$elf" || exit 1
# The caller-owned state of a generated simulator: `static <p>_state <p>_st`
# in the example main (compiler/emit/emit_copy.c), in .bss. Its size is
# <P>_STATE_BYTES: the engine's arrays and the solver workspace, sized from
# the scene's bounds.
"$nm" -S -t d "$elf" | awk '
    NF == 4 && $3 ~ /^[bBdD]$/ && $4 ~ /^[A-Za-z0-9_]*_st(\.[0-9]+)?$/ {
        printf "  caller-owned state (sizeof <p>_state, symbol %s in .bss): %d bytes\n", $4, $2 + 0
    }'

# --- stack -----------------------------------------------------------------
if [ $# -gt 0 ]; then
    echo
    echo "== stack use per function (-fstack-usage; not a call-graph bound)"
    : >"$tmp/su"
    for obj in "$@"; do
        su=${obj%.o}.su
        if [ -r "$su" ]; then
            cat "$su" >>"$tmp/su"
        else
            echo "measure: no $su (build the object with -fstack-usage)" >&2
        fi
    done
    # .su lines: "file:line:col:function<TAB>bytes<TAB>static|dynamic|dynamic,bounded"
    sort -t "$(printf '\t')" -k2,2nr "$tmp/su" | awk -F '\t' '
        { n = split($1, p, ":"); fn = p[n]; printf "  %6d  %-16s %s\n", $2, $3, fn
          if ($3 != "static") unbounded = unbounded " " fn }
        NR == 1 { max = $2; maxfn = fn }
        END {
            if (NR == 0) { print "  (no .su data)"; exit }
            printf "  max frame: %d bytes (%s), over %d functions\n", max, maxfn, NR
            if (unbounded != "") print "  not static (alloca/VLA?):" unbounded
        }'
    # The call-chain bound: frames summed along the deepest chain of gcc's
    # call graph (-fcallgraph-info=su, <obj minus .o>.ci; stack-bound.sh).
    cis=""
    for obj in "$@"; do
        ci=${obj%.o}.ci
        if [ -r "$ci" ]; then
            cis="$cis $ci"
        else
            echo "measure: no $ci (build the object with -fcallgraph-info=su)" >&2
        fi
    done
    if [ -n "$cis" ]; then
        echo
        echo "== stack bound per call chain (-fcallgraph-info=su; static, all paths)"
        # shellcheck disable=SC2086
        sh "$(dirname "$0")/stack-bound.sh" -n 2 $cis || exit 1
    fi
fi

[ $static_only -eq 1 ] && exit 0

# --- instructions ------------------------------------------------------------
# Names of the library part's functions, one per line, for the split.
: >"$tmp/libfns"
for obj in "$@"; do
    "$nm" --defined-only "$obj" | awk '$2 ~ /^[Tt]$/ { print $3 }' >>"$tmp/libfns"
done

# count_blocks: reads the list of library functions, then the QEMU log
# (in_asm + exec records) from the FIFO.
# shellcheck disable=SC2016 # an awk program: $ is awk's
count_blocks='
FILENAME == libfns { lib[$1] = 1; next }
/^IN:/ { intb = 1; n = 0; first = ""; next }
intb && /^0x[0-9a-f]+:/ { if (n == 0) first = substr($1, 1, length($1) - 1); n++; next }
intb { if (n) len[first] = n; intb = 0 }
/^Trace / {
    split($4, f, "/"); pc = "0x" f[2]
    if (!(pc in len)) { unknown++; next }
    total += len[pc]; blocks++
    if ($NF in lib) libtotal += len[pc]
    if ($NF ~ /^ncs_fw_mark_begin/) { inside = 1; cur = 0; next }
    if ($NF == "ncs_fw_mark_end") {
        if (inside) {
            regions++; rsum += cur
            if (regions == 1 || cur < rmin) rmin = cur
            if (cur > rmax) rmax = cur
        }
        inside = 0; next
    }
    if (inside) cur += len[pc]
}
END {
    printf "%d %d %d %d %d %d %d %d\n", total, libtotal, blocks, unknown,
           regions, rsum, rmin, rmax
}'

mkfifo "$tmp/log" || exit 1
awk -v libfns="$tmp/libfns" "$count_blocks" "$tmp/libfns" "$tmp/log" >"$tmp/count" &
awkpid=$!
timeout 600 "$qemu" -M "$machine" -nographic -monitor none -serial none \
    -no-reboot -semihosting-config enable=on,target=native \
    -d in_asm,exec,nochain -D "$tmp/log" -kernel "$elf" >"$tmp/out" </dev/null
fwstatus=$?
wait $awkpid || { echo "measure: awk failed" >&2; exit 1; }
read -r total libtotal blocks unknown regions rsum rmin rmax <"$tmp/count" || exit 1

echo
echo "== instructions executed on QEMU (whole run: reset to exit)"
echo "  firmware exit status: $fwstatus"
echo "  executed blocks:      $blocks"
echo "  instructions, total:  $total"
if [ -s "$tmp/libfns" ]; then
    echo "  instructions in the library's own functions (callees such as"
    echo "    libgcc's soft-float helpers not included): $libtotal"
fi
if [ "$regions" -gt 0 ]; then
    echo "  marked regions (ncs_fw_mark_begin..end, callees included):"
    echo "    regions $regions, total $rsum, per region min $rmin," \
        "mean $((rsum / regions)), max $rmax"
fi
if [ "$unknown" -ne 0 ]; then
    echo "  WARNING: $unknown executed blocks had no translation record" >&2
fi

if [ $exact -eq 1 ]; then
    rm -f "$tmp/log"
    mkfifo "$tmp/log" || exit 1
    awk '/^Trace / { n++ } END { print n + 0 }' "$tmp/log" >"$tmp/exact" &
    awkpid=$!
    timeout 1200 "$qemu" -M "$machine" -nographic -monitor none -serial none \
        -no-reboot -semihosting-config enable=on,target=native -singlestep \
        -d exec,nochain -D "$tmp/log" -kernel "$elf" >/dev/null </dev/null
    wait $awkpid || { echo "measure: awk failed" >&2; exit 1; }
    read -r one <"$tmp/exact" || exit 1
    echo "  instructions, one per block (-singlestep): $one"
    if [ "$one" -eq "$total" ]; then
        echo "  cross-check: equal"
    else
        echo "  cross-check: DIFFERENT ($total vs $one)"
    fi
fi

# --- measured stack (startup.c's probe) ---------------------------------------
# A separate run: the probe paints the stack, which would disturb the counts.
timeout 600 "$qemu" -M "$machine" -nographic -monitor none -serial none \
    -no-reboot \
    -semihosting-config "enable=on,target=native,arg=ncs-firmware,arg=--ncs-stack" \
    -kernel "$elf" >/dev/null 2>"$tmp/probe" </dev/null
echo
echo "== stack use measured on QEMU (painted stack; callees included)"
if grep -q "stack high-water" "$tmp/probe"; then
    sed -n 's/^ncs firmware: stack high-water: /  /p' "$tmp/probe"
else
    echo "  (no report: the image predates the stack probe, or it crashed)"
fi

exit 0
