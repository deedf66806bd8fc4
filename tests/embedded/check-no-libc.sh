#!/bin/sh
# check-no-libc.sh - fails when object files reference heap or stdio
# functions: the rule for the firmware library part (generated code and the
# firmware solver), which must run without malloc and without a console.
#
#   check-no-libc.sh [-n NM] OBJECT...
#
#   -n NM   the nm to use (default arm-none-eabi-nm, or $NCS_FW_NM)
#
# It lists the undefined symbols of each object (nm -u) and reports every
# reference to: the allocator (malloc, free, calloc, realloc, memalign,
# aligned_alloc, posix_memalign, valloc, and newlib's _malloc_r & co.), the
# printf and scanf families (including newlib's iprintf, _printf_r and the
# fortified __*_chk), stdio streams and characters (fopen, fclose, fwrite,
# fread, fflush, fputs, puts, putchar, fputc, putc, getchar, ...), perror,
# and __assert_func (assert() prints through stdio). memcpy, memset and the
# compiler's runtime helpers (e.g. __aeabi_dmul) are allowed.
#
# Exit status: 0 clean; 1 forbidden references (one line each on stdout:
# "forbidden: OBJECT: SYMBOL"); 2 bad usage, unreadable object or nm failure.
set -u

nm=${NCS_FW_NM:-arm-none-eabi-nm}
if [ "${1:-}" = "-n" ]; then
    [ $# -ge 2 ] || { echo "usage: check-no-libc.sh [-n NM] OBJECT..." >&2; exit 2; }
    nm=$2
    shift 2
fi
if [ $# -eq 0 ]; then
    echo "usage: check-no-libc.sh [-n NM] OBJECT..." >&2
    exit 2
fi

# One extended regular expression, anchored on the whole symbol name.
alloc='_?(malloc|free|calloc|realloc|reallocf|memalign|aligned_alloc|posix_memalign|valloc|pvalloc)(_r)?'
printf_family='_?_?v?(f|s|sn|as|d)?i?(printf|scanf)(_r|_chk)?'
stdio='_?(fopen|fdopen|freopen|fclose|fwrite|fread|fflush|fputs|puts|putchar|fputc|putc|getchar|fgetc|getc|fgets|gets|ungetc|perror|setvbuf|setbuf|tmpfile)(_r|_unlocked)?|__assert_func|__assert|__sfvwrite_r|__swbuf_r|__srget_r'
forbidden="^($alloc|$printf_family|$stdio)\$"

for obj in "$@"; do
    if [ ! -r "$obj" ]; then
        echo "check-no-libc: cannot read $obj" >&2
        exit 2
    fi
done
# one nm for all objects (-A: each line starts with "<object>:")
if ! syms=$("$nm" -u -A "$@"); then
    echo "check-no-libc: $nm failed" >&2
    exit 2
fi
hits=$(printf '%s\n' "$syms" | awk -v re="$forbidden" '
    { obj = $1; sub(/:$/, "", obj); sym = $NF; if (sym ~ re) print obj ": " sym }')
bad=0
if [ -n "$hits" ]; then
    printf '%s\n' "$hits" | sed 's/^/forbidden: /'
    bad=1
fi
if [ $bad -eq 0 ]; then
    echo "check-no-libc: $# object(s) clean"
fi
exit $bad
