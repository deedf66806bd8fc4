#!/usr/bin/env python3
# same_as_enums.py WORK - after `sh bench/scale/same_as.sh OLD NEW WORK` with
# OLD a compiler from before issue 25 (expectation rows written as integers):
# says whether every differing host file differs only by the NCS_EXPECT_* and
# NCS_COORD_* names the new compiler writes (each mapped back to its value
# from ncs/vocab.h), and lists the embedded outputs' differences outside the
# copied runtime (ncs/). Exit status 0 when every difference is explained.
# Run from the source tree.
import difflib
import glob
import os
import re
import sys

VOCAB = 'runtime/include/ncs/vocab.h'
NAME = r'\bNCS_(?:EXPECT|COORD)_[A-Z_]+\b'


def values():
    text = open(VOCAB).read()
    return {m.group(1): m.group(2)
            for m in re.finditer(r'(' + NAME + r')\s*=\s*(-?\d+)', text)}


def main(work):
    vals = values()
    explained = unexplained = 0
    for d in sorted(glob.glob(os.path.join(work, '*-host'))):
        old_files = set(os.listdir(os.path.join(d, 'old')))
        new_files = set(os.listdir(os.path.join(d, 'new')))
        for f in sorted(old_files ^ new_files):
            print('ONLY ONE SIDE HAS', d, f)
            unexplained += 1
        for f in sorted(old_files & new_files):
            old = open(os.path.join(d, 'old', f)).read()
            new = open(os.path.join(d, 'new', f)).read()
            if old == new:
                continue
            mapped = re.sub(NAME, lambda m: vals.get(m.group(0), m.group(0)), new)
            if mapped == old:
                explained += 1
                continue
            unexplained += 1
            print('UNEXPLAINED', d, f)
            for line in list(difflib.unified_diff(old.splitlines(), mapped.splitlines(),
                                                  lineterm=''))[:8]:
                print('   ', line[:160])
    for d in sorted(glob.glob(os.path.join(work, '*-embedded'))):
        for root, _, files in os.walk(os.path.join(d, 'new')):
            rel = os.path.relpath(root, os.path.join(d, 'new'))
            if rel == 'ncs' or rel.startswith('ncs' + os.sep):
                continue
            for f in files:
                a = os.path.join(d, 'old', rel, f)
                b = os.path.join(root, f)
                if not os.path.exists(a) or open(a, 'rb').read() != open(b, 'rb').read():
                    print('EMBEDDED DIFFERS OUTSIDE ncs/:', b)
                    unexplained += 1
    print('host files differing only by enum names: %d; unexplained: %d'
          % (explained, unexplained))
    return 1 if unexplained else 0


if __name__ == '__main__':
    if len(sys.argv) != 2:
        sys.exit('usage: same_as_enums.py WORK')
    sys.exit(main(sys.argv[1]))
