#!/usr/bin/env python3
"""circles.py OBJ... - the pairs (and larger circles) of object files that
call each other, by their symbols (nm). Exit status 1 when there is one.
The compiler's, from a build folder B:
  python3 scripts/circles.py B/compiler/CMakeFiles/*/*/*.o \
      B/compiler/CMakeFiles/ncsc_lib.dir/*.o B/compiler/CMakeFiles/ncsc_grammar.dir/*.o
"""
import subprocess, sys, os, itertools
defs, undefs = {}, {}
for o in sys.argv[1:]:
    name = os.path.basename(o).replace('.o', '')
    out = subprocess.run(['nm', o], capture_output=True, text=True).stdout
    d, u = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == 'U':
            u.add(parts[1])
        elif len(parts) == 3 and parts[1] in 'TDBRCVW':
            d.add(parts[2])
    defs[name], undefs[name] = d, u
owner = {}
for f, d in defs.items():
    for s in d:
        owner[s] = f
edges = {f: {owner[s] for s in undefs[f] if s in owner and owner[s] != f} for f in defs}
# strongly connected components (Tarjan)
index, low, stack, on, comps, n = {}, {}, [], set(), [], [0]
def visit(v):
    index[v] = low[v] = n[0]; n[0] += 1; stack.append(v); on.add(v)
    for w in edges[v]:
        if w not in index:
            visit(w); low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        c = []
        while True:
            w = stack.pop(); on.discard(w); c.append(w)
            if w == v: break
        comps.append(c)
sys.setrecursionlimit(10000)
for v in defs:
    if v not in index: visit(v)
bad = [c for c in comps if len(c) > 1]
for c in bad:
    print('circle:', ' '.join(sorted(c)))
    for a in sorted(c):
        for b in sorted(edges[a] & set(c)):
            syms = sorted(s for s in undefs[a] if owner.get(s) == b)
            print('   %s -> %s: %s' % (a, b, ' '.join(syms[:6])))
print('%d files, %d circles' % (len(defs), len(bad)))
sys.exit(1 if bad else 0)
