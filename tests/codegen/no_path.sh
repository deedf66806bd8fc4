#!/bin/sh
# no_path.sh NCSC SCENE WORK: no generated file holds a path of the machine
# (issue 25). The scene is copied into a folder of WORK with a name found
# nowhere else, given to ncsc by its absolute path (as CTest gives scenes),
# and compiled for the host and for firmware (--target embedded); no file
# of either output may contain that folder (nor WORK), and the simulator's
# descriptor names the scene by its base name. grep's status is read
# every time: 0 found, 1 not found, anything else an error.
ncsc=$1 scene=$2 work=$3
fail() { echo "no_path: $*"; exit 1; }
case $work in /*) ;; *) work=$(pwd)/$work ;; esac
rm -rf "$work" && mkdir -p "$work" || fail "cannot create $work"
dir=$work/machine-only-dir-4f2b
name=$(basename "$scene")
mkdir -p "$dir" && cp "$scene" "$dir/$name" || fail "cannot copy $scene into $dir"

# the check itself can see the folder: a file that holds it is found
echo "at $dir/$name" >"$work/control.txt" || fail "cannot write the control file"
grep -rqF -- "$dir" "$work/control.txt"
rc=$?
[ "$rc" -eq 0 ] || fail "grep does not find '$dir' in a file that holds it (status $rc)"

for target in host embedded; do
    out=$work/out-$target
    "$ncsc" --target "$target" -o "$out" "$dir/$name" >"$work/$target.log" 2>&1
    rc=$?
    [ "$rc" -eq 0 ] || { cat "$work/$target.log"; fail "ncsc --target $target: exit $rc"; }
    n=$(find "$out" -type f | wc -l)
    [ "$n" -gt 0 ] || fail "$target: no file generated"
    for path in "$dir" "$work"; do
        grep -rlF -- "$path" "$out" >"$work/$target.found"
        rc=$?
        [ "$rc" -eq 1 ] || { cat "$work/$target.found"; fail "$target: status $rc; '$path' is in the files above"; }
    done
    echo "ok: $target: $n files, none holds '$dir'"
done

# the host simulator's descriptor names the scene by its base name
stem=${name%.ncs}
grep -qF -- "_scene, \"$name\"," "$work/out-host/$stem.c"
rc=$?
[ "$rc" -eq 0 ] || fail "$stem.c: the descriptor does not name the scene '$name' (grep status $rc)"
echo "ok: $stem.c names the scene '$name'"
