#!/bin/sh
# help_check.sh MAN_PAGE NCSC SIM...
# The man page documents every option that `ncsc --help`, `ncsc run
# --help` and each simulator's --help list, and each simulator's usage
# line names every option its --help describes.
set -u
man=$1 ncsc=$2
shift 2
text=$(sed 's/\\-/-/g' "$man")
missing=0
for opt in $( { "$ncsc" --help; "$ncsc" run --help;
                for sim in "$@"; do "$sim" --help; done; } |
              grep -o -- '--[a-z][a-z-]*' | sort -u); do
    case $text in
        *"$opt"*) ;;
        *) echo "$man does not document $opt" >&2; missing=1 ;;
    esac
done
for sim in "$@"; do
    help=$("$sim" --help) || { echo "$sim --help failed" >&2; exit 1; }
    synopsis=$(printf '%s\n' "$help" | sed -n 1p)
    for opt in $(printf '%s\n' "$help" | sed -n 's/^  \(--[a-z][a-z-]*\).*/\1/p'); do
        case $synopsis in
            *"[$opt"[]\ ]*) ;;
            *) echo "$sim: usage line lacks $opt" >&2; missing=1 ;;
        esac
    done
    printf '%s\n' "$help" | grep -q -- '--svg FILE' ||
        { echo "$sim --help lacks --svg" >&2; missing=1; }
done
[ "$missing" -eq 0 ] || exit 1
echo "man page covers every option; usage lines name every option"
