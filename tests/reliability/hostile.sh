#!/bin/sh
# hostile.sh CASE NCSC NCS_LCP SCENES WORK SIM...
#
# The hostile scenes of the reliability suite (issue 28), one CTest test a
# CASE, each asserting the behaviour issue 28 requires ("What done looks
# like"). SCENES is tests/reliability/hostile, WORK a scratch folder, SIM
# the simulators of examples/room.ncs and examples/valley.ncs. Scenes run
# through `ncsc run` (NCS_RUN_DIR inside WORK), so a scene that --check
# refuses is a run that fails with status 1 before anything is built.
#
#   spin, plunge      a state that overflows (first step / step 18962): the
#                     run fails with status 1 and says where (the number's
#                     FILE:LINE:COL or the step), never "expectations
#                     passed", and no nan or inf in the CSV
#   far, tiny, fast, edge
#                     extreme scales: status 0 or 1, no nan or inf in the
#                     CSV or the summary; a failure says where
#   set-omega         room --set p.omega=1e308: status 1 or 2, never
#                     "expectations passed", no nan or inf in the CSV
#   record-svg, record-html
#                     3,000,000 steps of record.ncs (h = 1e-9) with --svg
#                     or --html: the simulator's peak memory (GNU time's
#                     maximum resident set) stays under 32 MB (bounded
#                     frames; every step recorded took 72 MB)
#   zero-scene, zero-dat
#                     `ncsc --check /dev/zero`, `ncs-lcp /dev/zero` under a
#                     1 GB address space: status 1 or 2, an error naming
#                     /dev/zero (ncsc: `/dev/zero: error: file is larger
#                     than ...`, the whole file's limit) that is
#                     not running out of memory, peak memory under 384 MB
#                     (a read limit; reading until allocation failed took
#                     526 MB under this limit)
#   closed-stdout     room --csv - --svg F with stdout closed: status 2,
#                     nothing simulated, F not created
#   same-file         two outputs naming one file (F and F, F and ./F):
#                     status 2, F not created
#   full-disk         room --csv /dev/full --svg F: status 3 (the README:
#                     simulated, an output failed to write) with the
#                     reason (No space left on device), never
#                     "expectations passed", F removed
#   observers         room and valley: the CSV bit-identical with and
#                     without --contacts, --dump-lcp, --svg and --html
#   noscene           a file without a scene block: status 1 and a located
#                     error (FILE:LINE:COL: error: no scene block ...)
#   overlap           two discs overlapping at the start: a located error
#                     or warning from --check
#   lcp-repeat, lcp-hex, lcp-layout
#                     ncs-lcp (tests/runtime/data/fig3a-max.dat): --repeat 0
#                     says why (not only the usage line); a header of 0x0a
#                     and a layout of an unknown form are refused naming the
#                     file (status 1 or 2)
set -u
case_=$1 ncsc=$2 ncslcp=$3 scenes=$4 work=$5
shift 5
rm -rf "$work" && mkdir -p "$work" || exit 2
cd "$work" || exit 2
NCS_RUN_DIR=$work/run
export NCS_RUN_DIR
failed=0

fail() {
    echo "hostile.sh $case_: FAIL: $*"
    failed=1
}

# no_nonfinite FILE: fails when FILE holds a nan or an infinity as a number
no_nonfinite() {
    if [ -f "$1" ] && grep -Eiq '(^|[,( ])[-+]?(nan|inf(inity)?)([,) ]|$)' "$1"; then
        fail "$1 holds a non-finite number: $(grep -Ei '(^|[,( ])[-+]?(nan|inf(inity)?)([,) ]|$)' "$1" | head -n 1)"
    fi
}

# says_where FILE SCENE: the output names the scene's FILE:LINE:COL or a step
says_where() {
    grep -Eq "$2:[0-9]+:[0-9]+: error: |step [0-9]+" "$1" ||
        fail "the failure does not say where: $(head -n 3 "$1")"
}

# run_scene NAME [OPTIONS]: ncsc run SCENES/NAME.ncs --csv NAME.csv OPTIONS,
# output in NAME.out, status in $rc
run_scene() {
    name=$1
    shift
    "$ncsc" run "$scenes/$name.ncs" --csv "$name.csv" "$@" > "$name.out" 2>&1
    rc=$?
    sed 's/^/    /' "$name.out" | head -n 5
}

# peak KB COMMAND...: runs COMMAND under GNU time; status in $rc, its
# stderr in peak.err, the maximum resident set in $kb (KB)
peak() {
    /usr/bin/time -f '%M' -o peak.kb "$@" > peak.out 2> peak.err
    rc=$?
    kb=$(tail -n 1 peak.kb)
    case $kb in
        ''|*[!0-9]*) fail "no peak memory from GNU time: '$kb'"; kb=0 ;;
    esac
}

case $case_ in
spin|plunge)
    run_scene "$case_"
    [ $rc -eq 1 ] || fail "ncsc run exited with status $rc, not 1 (a failed step)"
    if grep -q 'expectations passed' "$case_.out"; then
        fail "a non-finite state reported as success"
    fi
    [ $rc -eq 1 ] && says_where "$case_.out" "$case_.ncs"
    no_nonfinite "$case_.csv"
    no_nonfinite "$case_.out"
    ;;
far|tiny|fast|edge)
    run_scene "$case_"
    case $rc in
        0) ;;
        1) says_where "$case_.out" "$case_.ncs" ;;
        *) fail "ncsc run exited with status $rc" ;;
    esac
    no_nonfinite "$case_.csv"
    no_nonfinite "$case_.out"
    ;;
set-omega)
    "$1" --set p.omega=1e308 --csv room.csv > room.out 2>&1
    rc=$?
    sed 's/^/    /' room.out | head -n 5
    [ $rc -eq 1 ] || [ $rc -eq 2 ] || fail "the simulator exited with status $rc, not 1 or 2"
    if grep -q 'expectations passed' room.out; then
        fail "a non-finite state reported as success"
    fi
    no_nonfinite room.csv
    no_nonfinite room.out
    ;;
record-svg|record-html)
    # build the simulator first (one step), then measure it alone
    "$ncsc" run "$scenes/record.ncs" --steps 1 --quiet > build.out 2>&1
    rc=$?
    [ $rc -eq 0 ] || { cat build.out; fail "ncsc run --steps 1 exited with status $rc"; exit 1; }
    ext=${case_#record-}
    peak "$NCS_RUN_DIR/record" --steps 3000000 --quiet "--$ext" "out.$ext"
    [ $rc -eq 0 ] || { cat peak.err; fail "the simulator exited with status $rc"; }
    echo "hostile.sh $case_: 3000000 steps with --$ext: peak $kb KB, $(wc -c < "out.$ext") bytes of $ext"
    [ "$kb" -lt 32768 ] || fail "peak memory $kb KB, not under 32768 KB: the frames are not bounded"
    ;;
zero-scene|zero-dat)
    if [ "$case_" = zero-scene ]; then
        set -- timeout -k 5 120 "$ncsc" --check /dev/zero
    else
        set -- timeout -k 5 120 "$ncslcp" /dev/zero
    fi
    # a subshell: the address-space limit stays with the command measured
    (ulimit -v 1048576 && /usr/bin/time -f '%M' -o peak.kb "$@" > peak.out 2> peak.err
     echo $? > peak.rc)
    read -r rc < peak.rc || rc=none
    kb=$(tail -n 1 peak.kb)
    case $kb in
        ''|*[!0-9]*) fail "no peak memory from GNU time: '$kb'"; kb=0 ;;
    esac
    sed 's/^/    /' peak.err | head -n 5
    [ "$rc" = 1 ] || [ "$rc" = 2 ] || fail "$* exited with status $rc, not 1 or 2"
    if [ "$case_" = zero-scene ]; then
        grep -Eq '^/dev/zero(:[0-9]+:[0-9]+)?: error: ' peak.err ||
            fail "no error naming the file: /dev/zero[:LINE:COL]: error: ..."
    else
        grep -q '/dev/zero' peak.err || fail "the error does not name /dev/zero"
    fi
    if grep -Eq 'out of memory|Cannot allocate memory' peak.err; then
        fail "ran out of memory instead of stopping at a limit"
    fi
    echo "hostile.sh $case_: peak $kb KB"
    [ "$kb" -lt 393216 ] || fail "peak memory $kb KB, not under 393216 KB: no read limit"
    ;;
closed-stdout)
    "$1" --csv - --svg room.svg > room.out 2>&1 >&-
    rc=$?
    sed 's/^/    /' room.out | head -n 5
    [ $rc -eq 2 ] || fail "the simulator exited with status $rc, not 2 (stdout closed)"
    [ ! -e room.svg ] || fail "room.svg was written: $(head -c 60 room.svg)"
    if grep -q 'expectations' room.out; then
        fail "the run was simulated"
    fi
    ;;
same-file)
    for pair in "--csv F --svg F" "--svg F --html ./F" "--csv F --contacts F"; do
        rm -f F
        # shellcheck disable=SC2086
        "$1" $pair > room.out 2>&1
        rc=$?
        [ $rc -eq 2 ] || fail "$pair: the simulator exited with status $rc, not 2"
        [ ! -e F ] || fail "$pair: F was written"
        if grep -q 'expectations' room.out; then
            fail "$pair: the run was simulated"
        fi
        grep -q . room.out || fail "$pair: no message"
    done
    ;;
full-disk)
    [ -w /dev/full ] || { echo "hostile.sh: no /dev/full here"; exit 77; }
    "$1" --csv /dev/full --svg ok.svg > room.out 2>&1
    rc=$?
    sed 's/^/    /' room.out | head -n 5
    [ $rc -eq 3 ] || fail "the simulator exited with status $rc, not 3"
    if grep -q 'expectations passed' room.out; then
        fail "'expectations passed' printed although an output failed"
    fi
    grep -q 'No space left on device' room.out || fail "the reason (errno text) is not given"
    [ ! -e ok.svg ] || fail "ok.svg was left behind"
    ;;
observers)
    for sim in "$@"; do
        n=$(basename "$sim")
        "$sim" --quiet --csv "$n.csv"
        rc=$?
        [ $rc -eq 0 ] || fail "$n exited with status $rc"
        for obs in "--contacts /dev/null" "--contacts -" "--dump-lcp lcp-$n" "--svg $n.svg" \
                   "--html $n.html"; do
            # shellcheck disable=SC2086
            "$sim" --quiet --csv "$n.obs.csv" $obs > /dev/null
            rc=$?
            [ $rc -eq 0 ] || fail "$n $obs exited with status $rc"
            cmp -s "$n.csv" "$n.obs.csv" ||
                fail "$n: $obs changes the trajectory: $(diff "$n.csv" "$n.obs.csv" | sed -n 2p)"
        done
    done
    ;;
noscene|overlap)
    "$ncsc" --check "$scenes/$case_.ncs" > check.out 2>&1
    rc=$?
    sed 's/^/    /' check.out | head -n 5
    if [ "$case_" = noscene ]; then
        [ $rc -eq 1 ] || fail "ncsc --check exited with status $rc, not 1"
        grep -Eq "$case_.ncs:[0-9]+:[0-9]+: error: no scene block" check.out ||
            fail "no located error FILE:LINE:COL: error: no scene block"
    else
        [ $rc -eq 0 ] || [ $rc -eq 1 ] || fail "ncsc --check exited with status $rc"
        grep -Eq "$case_.ncs:[0-9]+:[0-9]+: (error|warning): " check.out ||
            fail "no located error or warning about the overlapping bodies"
    fi
    ;;
lcp-repeat|lcp-hex|lcp-layout)
    dat=$scenes/../../runtime/data/fig3a-max.dat
    [ -f "$dat" ] || { echo "hostile.sh: no $dat"; exit 2; }
    case $case_ in
        lcp-repeat) set -- --repeat 0 "$dat" ;;
        lcp-hex) sed '1s/^10$/0x0a/' "$dat" > bad.dat || exit 2; set -- bad.dat ;;
        lcp-layout) sed 's/form=max/form=nope/' "$dat" > bad.dat || exit 2; set -- bad.dat ;;
    esac
    "$ncslcp" "$@" > lcp.out 2> lcp.err
    rc=$?
    sed 's/^/    /' lcp.out lcp.err | head -n 5
    [ $rc -eq 1 ] || [ $rc -eq 2 ] || fail "ncs-lcp $* exited with status $rc, not 1 or 2"
    if [ "$case_" = lcp-repeat ]; then
        msg=$(grep -Ev '^(usage:|Try )' lcp.err)
        [ -n "$msg" ] || fail "no message but the usage line"
    else
        grep -q 'bad\.dat' lcp.err || fail "the error does not name bad.dat"
    fi
    ;;
*)
    echo "hostile.sh: unknown case '$case_'"
    exit 2
    ;;
esac
[ $failed -eq 0 ] && echo "hostile.sh $case_: ok"
exit $failed
