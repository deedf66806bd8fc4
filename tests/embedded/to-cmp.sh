# to-cmp.sh - sourced by compare-run.sh and fw-example.sh.
# to_cmp FIELDS IN OUT: writes CSV file IN as numcmp input OUT: commas
# become spaces, so that each field is compared on its own; with FIELDS
# (a `cut -f` list, e.g. 1,3-9) only those fields are kept. Fails when a
# file cannot be read or written.
to_cmp() {
    if [ -n "$1" ]; then
        cut -d, -f "$1" <"$2" | tr ',' ' ' >"$3"
    else
        tr ',' ' ' <"$2" >"$3"
    fi
}
