#!/bin/sh
# help_check.sh MAN_PAGE NCSC SIM
# The man page documents every option that `ncsc --help`, `ncsc run
# --help` and a simulator's --help list.
set -u
man=$1 ncsc=$2 sim=$3
text=$(sed 's/\\-/-/g' "$man")
missing=0
for opt in $( { "$ncsc" --help; "$ncsc" run --help; "$sim" --help; } |
              grep -o -- '--[a-z][a-z-]*' | sort -u); do
    case $text in
        *"$opt"*) ;;
        *) echo "$man does not document $opt" >&2; missing=1 ;;
    esac
done
[ "$missing" -eq 0 ] || exit 1
"$sim" --help | grep -q -- '--svg FILE' || { echo "simulator --help lacks --svg" >&2; exit 1; }
echo "man page covers every option"
