#!/bin/sh
# stack-bound.sh - a static bound on the stack a call into the firmware
# library part can use: the largest sum of frames along a call chain, from
# gcc's call graph with frame sizes (-fcallgraph-info=su writes one .ci
# file, VCG text, per object).
#
#   stack-bound.sh [-n TOP] CI-FILE...
#
# For each root (a function of the library that no function of the library
# calls: the entry points, e.g. <p>_step, <p>_init) prints the bound and the
# deepest chain, TOP roots (default 4) in decreasing order. Functions are
# matched by name across files (a static function's title "file:name" counts
# as "name"; two statics of the same name merge to the larger frame, which
# keeps the bound safe).
#
# Identical functions that gcc folded into one (-fipa-icf: plinko's
# generated g0_1 becomes an alias of g0_0) have no node of their own in the
# .ci; when the object <ci minus .ci>.o is next to the .ci and readelf is
# there (arm-none-eabi-readelf, or $NCS_FW_READELF), functions at the same
# address of the same section are taken as one, frame and callees.
#
# Not included, and listed: callees outside the library (libgcc's soft-float
# helpers __aeabi_*, memcpy/memset, libm), whose frames gcc does not see,
# and indirect calls (e.g. the user's LCP hook). A frame that is not
# "static" (alloca/VLA) or a recursive cycle makes the bound unknown; both
# are reported. Exit status 0; 1 when a file cannot be read; 2 bad usage.
set -u
top=4
while getopts n: opt; do
    case $opt in
    n) top=$OPTARG ;;
    *) echo "usage: stack-bound.sh [-n TOP] CI-FILE..." >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "usage: stack-bound.sh [-n TOP] CI-FILE..." >&2; exit 2; }
for f in "$@"; do
    [ -r "$f" ] || { echo "stack-bound: cannot read $f" >&2; exit 1; }
done
readelf=${NCS_FW_READELF:-arm-none-eabi-readelf}
tmp=$(mktemp) || exit 1
trap 'rm -f "$tmp" "$tmp.syms"' EXIT INT TERM
# Aliases: one line per group of functions at one address ("name name...").
if command -v "$readelf" >/dev/null 2>&1; then
    for f in "$@"; do
        o=${f%.ci}.o
        [ -r "$o" ] || continue
        "$readelf" -sW "$o" >"$tmp.syms" || { echo "stack-bound: $readelf cannot read $o" >&2; exit 1; }
        awk '$4 == "FUNC" && $7 ~ /^[0-9]+$/ {
                k = $7 ":" $2; g[k] = g[k] " " $8; n[k]++ }
            END { for (k in g) if (n[k] > 1) print "alias" g[k] }' "$tmp.syms"
    done >"$tmp" || exit 1
fi

# shellcheck disable=SC2016 # an awk program: $ is awk's
awk -v top="$top" '
function name(t,   n, p) { n = split(t, p, ":"); return p[n] }
function quoted(s, key,   i, r) {      # the "..." after key
    i = index(s, key "\"")
    if (!i) return ""
    r = substr(s, i + length(key) + 1)
    return substr(r, 1, index(r, "\"") - 1)
}
# deepest(f): the bound of f (its frame plus the deepest callee), with the
# chain in chain[f]; -1 when unknown (recursion or a dynamic frame).
function deepest(f,   i, n, c, d, best, bc) {
    if (f in memo) return memo[f]
    if (f in onstack) { recursive = recursive " " f; return -1 }
    onstack[f] = 1
    best = 0; bc = ""
    n = split(callees[f], c, " ")
    for (i = 1; i <= n; i++) {
        if (!(c[i] in frame)) {
            if (c[i] == "__indirect_call") indirect[f] = 1
            else external[c[i]] = 1
            continue
        }
        d = deepest(c[i])
        if (d < 0) { best = -1; break }
        if (d > best) { best = d; bc = chain[c[i]] }
    }
    delete onstack[f]
    if (best < 0 || dyn[f]) { memo[f] = -1; chain[f] = f " (unknown)"; return -1 }
    memo[f] = frame[f] + best
    chain[f] = f " (" frame[f] ")" (bc != "" ? " > " bc : "")
    return memo[f]
}
FILENAME == aliasfile { for (i = 3; i <= NF; i++) { al[$i] = $2; al[$2] = $2 } ; grp[$2] = grp[$2] " " substr($0, 7); next }
/^node:/ {
    t = name(quoted($0, "title: "))
    l = quoted($0, "label: ")
    if (match(l, /[0-9]+ bytes \([a-z,]+\)/)) {
        s = substr(l, RSTART, RLENGTH)
        split(s, p, " ")
        if (!(t in frame) || p[1] + 0 > frame[t]) frame[t] = p[1] + 0
        if (s !~ /\(static\)/) dyn[t] = 1
    }
    next
}
/^edge:/ {
    a = name(quoted($0, "sourcename: "))
    b = name(quoted($0, "targetname: "))
    if (!((a SUBSEP b) in seen)) { seen[a, b] = 1; callees[a] = callees[a] " " b; called[b] = 1 }
}
END {
    # an alias without a node takes the frame and callees of its group
    for (a in al) {
        if (a in frame) continue
        n = split(grp[al[a]], m, " ")
        for (i = 1; i <= n; i++)
            if (m[i] in frame) { frame[a] = frame[m[i]]; callees[a] = callees[m[i]]; if (dyn[m[i]]) dyn[a] = 1; break }
    }
    nr = 0
    for (f in frame)
        if (!(f in called)) { r[++nr] = f; v[nr] = deepest(f) }
    for (i = 1; i <= nr; i++)              # sort the roots by bound, largest first
        for (j = i + 1; j <= nr; j++)
            if (v[j] > v[i]) { x = v[i]; v[i] = v[j]; v[j] = x; x = r[i]; r[i] = r[j]; r[j] = x }
    for (i = 1; i <= nr && i <= top; i++)
        printf "  %-28s %s\n", r[i] ":", (v[i] < 0 ? "unknown" : v[i] " bytes") "  " chain[r[i]]
    if (nr > top) printf "  (%d more roots)\n", nr - top
    ext = ""
    for (e in external) ext = ext " " e
    if (ext != "") print "  not included (frames gcc does not see):" ext
    ind = ""
    for (e in indirect) ind = ind " " e
    if (ind != "") print "  indirect calls (not followed) in:" ind
    if (recursive != "") print "  recursion through:" recursive
}' aliasfile="$tmp" "$tmp" "$@"
