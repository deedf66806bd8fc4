#!/bin/sh
# observers_check.sh WORK SIM...
# Observers are pure (issue 28): every simulator given (every example) is
# run without any observer, then with each of --contacts, --dump-lcp (the
# LCP hook), --html, --svg and the progress bar (NCS_PROGRESS=always, on a
# terminal when script(1) is there), then with all of them at once, and the
# same again with --fixpoint 3; each run's CSV must be byte for byte that of
# the run without observers, and its exit status the same.
set -u
work=$1
shift
fail() { echo "observers_check: $*" >&2; exit 1; }
rm -rf "$work"
mkdir -p "$work" || exit 2
have_script=0
command -v script >/dev/null 2>&1 && have_script=1
n=0
for sim in "$@"; do
    name=$(basename "$sim")
    d=$work/$name
    mkdir -p "$d" || exit 2
    for fix in 1 3; do
        o="--fixpoint $fix"
        # shellcheck disable=SC2086
        "$sim" $o --quiet --csv "$d/base.csv" 2>"$d/base.err"
        want=$?
        [ -s "$d/base.csv" ] || fail "$name $o: no CSV: $(cat "$d/base.err")"
        for obs in contacts dump html svg progress all; do
            case $obs in
            contacts) set -- --quiet --contacts "$d/contacts.csv";;
            dump)     set -- --quiet --dump-lcp "$d/dump-$fix";;
            html)     set -- --quiet --html "$d/page.html";;
            svg)      set -- --quiet --svg "$d/pic.svg";;
            progress) set --;;
            all)      set -- --contacts "$d/contacts-all.csv" --dump-lcp "$d/dump-all-$fix" \
                             --html "$d/all.html" --svg "$d/all.svg";;
            esac
            if [ "$obs" = progress ] || [ "$obs" = all ]; then
                if [ $have_script = 1 ]; then
                    # shellcheck disable=SC2086
                    NCS_PROGRESS=always script -qec "'$sim' $o --csv '$d/run-$obs.csv' $*" \
                        /dev/null >"$d/$obs.err" 2>&1
                else
                    # shellcheck disable=SC2086
                    NCS_PROGRESS=always "$sim" $o --csv "$d/run-$obs.csv" "$@" 2>"$d/$obs.err"
                fi
            else
                # shellcheck disable=SC2086
                "$sim" $o --csv "$d/run-$obs.csv" "$@" 2>"$d/$obs.err"
            fi
            got=$?
            [ "$got" = "$want" ] ||
                fail "$name $o --$obs: exit status $got, without observers $want: $(tail -c 300 "$d/$obs.err")"
            cmp "$d/base.csv" "$d/run-$obs.csv" >"$d/cmp.txt" 2>&1 ||
                fail "$name $o with $obs: the CSV differs from the run without observers: $(cat "$d/cmp.txt")"
        done
        [ -s "$d/contacts.csv" ] && [ -s "$d/page.html" ] && [ -s "$d/pic.svg" ] ||
            fail "$name $o: an observer wrote nothing"
        rm -rf "$d/dump-$fix" "$d/dump-all-$fix"
    done
    n=$((n + 1))
done
[ $n -gt 0 ] || fail "no simulator given"
echo "observers_check: $n simulators x 2 fixpoint settings x 6 observer runs: every CSV as without observers"
