# common.sh - sourced by page_check.sh and sweep_check.sh (which define
# fail MESSAGE first).
# run WANT CMD...: runs CMD (stdout to out.txt, stderr to err.txt) and
# checks its exit status
run() {
    want=$1
    shift
    "$@" >out.txt 2>err.txt
    rc=$?
    [ "$rc" -eq "$want" ] || fail "'$*': exit status $rc, expected $want; stderr: $(cat err.txt)"
}
# has FILE TEXT: FILE holds the fixed string TEXT
has() { grep -qF -- "$2" "$1" || fail "$1 lacks '$2': $(head -c 2000 "$1")"; }
# lacks FILE TEXT: FILE does not hold the fixed string TEXT
lacks() { ! grep -qF -- "$2" "$1" || fail "$1 has '$2': $(head -c 2000 "$1")"; }
