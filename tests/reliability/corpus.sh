#!/bin/sh
# corpus.sh NCSC GEN SEED COUNT EMIT WORK EXAMPLES
#
# The mutation corpus of the reliability suite (issue 28): rel_mutate (GEN)
# makes COUNT mutants of seed SEED from every EXAMPLES/**/*.ncs into
# WORK/m/, and each is checked with `ncsc --check`; about one in EMIT (the
# seeded subset the manifest marks `emit`) is also compiled with
# `ncsc -o`, into a missing folder or (every other one) into a folder that
# already holds a file of the user's. For every run:
#
#  - the exit status is 0, 1 or 2 (never a signal; 124 or 137 is a hang:
#    each run is stopped after $REL_TIMEOUT seconds, default 60);
#  - every line on stderr is a message heading `FILE:LINE:COL: KIND: ...`
#    (KIND error, warning or note), the source line and caret under it,
#    `FILE: ok: ...` (a successful --check), or one of the few messages
#    without a location (docs/language.md, "Diagnostics"):
#    `FILE: error: no scene block...`, `FILE: error: too many errors,
#    stopping`, `FILE: error: file is too large...`;
#  - status 0 comes with the `ok` line and no error, status 1 with at least
#    one error;
#  - -o that fails leaves the folder as it was (missing, or holding only
#    the user's file); -o that succeeds writes exactly PREFIX.h, PREFIX.c
#    and PREFIX_main.c next to the user's file.
#
# Prints the counts (mutants, accepted, rejected, by first error message,
# the -o runs) and one line per broken rule naming the mutant
# (`rel_mutate SEED COUNT EMIT DIR FILES...` and its line in
# WORK/m/manifest make it again); exits 1 when any rule broke, 2 when the
# suite itself could not run.
set -u
LC_ALL=C
export LC_ALL
ncsc=$1 gen=$2 seed=$3 count=$4 emit=$5 work=$6 examples=$7
limit=${REL_TIMEOUT:-60}
rm -rf "$work" && mkdir -p "$work/m" "$work/err" "$work/out" || exit 2
found=$(cd "$examples" && find . -name '*.ncs') || { echo "corpus.sh: cannot list $examples"; exit 2; }
files=
for f in $(printf '%s\n' "$found" | sort); do
    files="$files ${f#./}"
done
[ -n "$files" ] || { echo "corpus.sh: no scenes under $examples"; exit 2; }
# the sources by their path under EXAMPLES (as the manifest names them)
# shellcheck disable=SC2086
(cd "$examples" && "$gen" "$seed" "$count" "$emit" "$work/m" $files)
rc=$?
[ $rc -eq 0 ] || { echo "corpus.sh: rel_mutate exited with status $rc"; exit 2; }

cd "$work/m" || exit 2
: > ../status
bad=0
while read -r id mode src edits; do
    timeout -k 5 $limit "$ncsc" --check "$id.ncs" > /dev/null 2> "../err/$id.check"
    rc=$?
    echo "$id check $rc" >> ../status
    if [ "$mode" = emit ]; then
        out=../out/$id
        case $id in *[13579]) keep=1 ;; *) keep=0 ;; esac
        if [ "$keep" -eq 1 ]; then
            mkdir -p "$out" && echo mine > "$out/mine.txt" || exit 2
        fi
        timeout -k 5 $limit "$ncsc" "$id.ncs" -o "$out" > /dev/null 2> "../err/$id.emit"
        rc=$?
        echo "$id emit $rc" >> ../status
        if [ $rc -ne 0 ]; then
            if [ "$keep" -eq 1 ]; then
                left=$(ls -A "$out") || left="(cannot list $out)"
                [ "$left" = mine.txt ] ||
                    { bad=$((bad + 1)); echo "FAIL $id ($src: $edits): failed -o (status $rc) left '$left' in a folder that held mine.txt"; }
                [ "$(cat "$out/mine.txt")" = mine ] ||
                    { bad=$((bad + 1)); echo "FAIL $id ($src: $edits): failed -o changed the user's file"; }
            elif [ -e "$out" ]; then
                bad=$((bad + 1))
                echo "FAIL $id ($src: $edits): failed -o (status $rc) left $out"
            fi
        else
            made=$(ls -A "$out" 2> /dev/null) || made=
            set --
            for f in $made; do
                [ "$f" = mine.txt ] || set -- "$@" "$f"
            done
            case "$#:${1-}:${2-}:${3-}" in
                3:*.c:*.h:*_main.c) [ "${1%.c}" = "${2%.h}" ] && [ "${3%_main.c}" = "${1%.c}" ] ;;
                *) false ;;
            esac ||
                { bad=$((bad + 1)); echo "FAIL $id ($src: $edits): -o succeeded with '$*'"; }
        fi
        rm -rf "$out"
    fi
done < manifest
cd .. || exit 2

# the statuses and the messages, in one pass over every stderr
find err -type f > errfiles.found || exit 2
sort errfiles.found > errfiles || exit 2
awk -v bad="$bad" '
    FILENAME == "status" { st[$1 "." $2] = $3; next }
    FILENAME == "m/manifest" { what[$1] = $3 ": " $4; next }
    FILENAME == "errfiles" { list[++nerr] = $0; next }
    END {
        for (k in st) {
            split(k, p, ".")
            id = p[1]; run = p[2]; s = st[k]
            if (s != 0 && s != 1 && s != 2) {
                printf "FAIL %s (%s): ncsc %s exited with status %s%s\n", id, what[id],
                       run == "emit" ? "-o" : "--check", s, s == 124 || s == 137 ? " (a hang)" : ""
                bad++
            }
            if (run == "check") {
                n++
                if (s == 0) accepted++; else if (s == 1) rejected++; else if (s == 2) usage++; else other++
            } else {
                ne++
                if (s == 0) eok++
                if (s != 0 && st[id ".check"] == 0) { differ++; differ_ids = differ_ids " " id }
            }
        }
        for (i = 1; i <= nerr; i++) {
            sub(/^err\//, "", list[i])
            name = list[i]; id = name; sub(/\..*/, "", id); run = name; sub(/^[^.]*\./, "", run)
            file = id ".ncs"; s = st[id "." run]; errors = 0; ok = 0; first = ""
            while ((getline line < ("err/" name)) > 0) {
                if (index(line, file ":") == 1) {
                    rest = substr(line, length(file) + 2)
                    if (rest ~ /^[0-9]+:[0-9]+: (error|warning|note): ./) {
                        if (rest ~ /^[0-9]+:[0-9]+: error: /) {
                            errors++
                            if (first == "") first = rest
                        }
                        continue
                    }
                    if (rest ~ /^ ok: / && s == 0 && run == "check") { ok++; continue }
                    if (rest ~ /^ error: (no scene block|too many errors, stopping|file is too large)/) {
                        errors++
                        if (first == "") first = rest
                        continue
                    }
                }
                if (line ~ /^ +[0-9]+ \| / || line ~ /^ +\| +\^$/ || line ~ /^ +\| \^$/)
                    continue
                printf "FAIL %s (%s): ncsc %s: a line of no documented form: %s\n", id, what[id],
                       run == "emit" ? "-o" : "--check", line
                bad++
                break
            }
            close("err/" name)
            if (s == 1 && errors == 0) {
                printf "FAIL %s (%s): status 1 without an error message\n", id, what[id]; bad++
            }
            if (s == 0 && errors > 0) {
                printf "FAIL %s (%s): status 0 with an error message\n", id, what[id]; bad++
            }
            if (s == 0 && run == "check" && ok != 1) {
                printf "FAIL %s (%s): --check succeeded without its ok line\n", id, what[id]; bad++
            }
            if (run == "check" && first != "") {
                # the first error, as a class: no location, quoted text or numbers
                sub(/^[0-9]+:[0-9]+: /, "", first)
                sub(/^ /, "", first)
                gsub(/\047[^\047]*\047/, "\047.\047", first)
                gsub(/-?[0-9][0-9.e+-]*/, "N", first)
                if (length(first) > 90) first = substr(first, 1, 87) "..."
                byfirst[first]++
            }
        }
        printf "corpus: %d mutants: %d accepted, %d rejected, %d status 2, %d other; ncsc -o on %d (%d compiled)\n",
               n, accepted, rejected, usage, other, ne, eok
        for (m in byfirst) nclass++
        printf "corpus: first errors of the rejected mutants, %d kinds (count, message; the 25 most common):\n", nclass
        for (m in byfirst) printf "%7d  %s\n", byfirst[m], m | "sort -rn | head -n 25"
        close("sort -rn | head -n 25")
        if (differ) printf "corpus: %d accepted by --check but refused by -o:%s\n", differ, differ_ids
        printf "corpus: %d broken rules\n", bad
        exit bad > 0
    }' status m/manifest errfiles
