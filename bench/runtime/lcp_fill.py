#!/usr/bin/env python3
"""lcp_fill.py - how much a sparse factor of the contact space would hold,
against Lemke's dense tableau (issue 26; docs/solver.md, "Sparse LDL^T").

    python3 bench/runtime/lcp_fill.py FILE.dat...

For each .dat file (ncs-lcp's format: dense storage and an `ncs-layout:`
line) whose layout has no groups (stewart, or any formulation whose
contacts are all convex), the contact space A (nc (1 + k) rows: the normal
and friction rows of B) is read back from B, and the pattern of its
Cholesky factor L is counted by symbolic elimination in the natural order
and in a greedy minimum-degree order (the idea of AMD, which QDLDL's users
run before it). Printed per file: m, contacts, the size of A, nnz(A),
nnz(L) for a dense L, in the natural order and in minimum-degree order,
and Lemke's tableau m (m + 2) (reals). Reports numbers, asserts nothing;
exit status 2 on bad usage or an unreadable file, files with groups are
skipped with a note.
"""
import sys


def read_dat(path):
    """m, B by columns (as text tokens) and the layout line of a .dat file."""
    with open(path) as f:
        lines = f.read().split("\n")
    m = int(lines[0])
    i = 0
    while "\t" not in lines[i]:  # the header ends with "m<TAB>m"
        i += 1
    cols = [lines[i + 1 + j].split() for j in range(m)]  # line j is column j
    layout = next((l for l in lines if l.startswith("ncs-layout:")), "")
    return m, cols, layout


def field(layout, name):
    for tok in layout.split():
        if tok.startswith(name + "="):
            return tok[len(name) + 1:]
    return None


def factor_size(adj, order):
    """Entries of L (diagonal included) when the graph adj is eliminated in
    order: each vertex's remaining neighbours become a clique."""
    g = [set(a) for a in adj]
    done = [False] * len(adj)
    total = 0
    for v in order:
        nb = [u for u in g[v] if not done[u]]
        total += len(nb) + 1
        for a in nb:
            g[a].update(nb)
            g[a].discard(a)
        done[v] = True
    return total


def min_degree_order(adj):
    g = [set(a) for a in adj]
    alive = set(range(len(adj)))
    order = []
    while alive:
        v = min(alive, key=lambda u: (len(g[u]), u))
        nb = list(g[v])
        for a in nb:
            g[a].discard(v)
            g[a].update(u for u in nb if u != a)
        alive.discard(v)
        order.append(v)
    return order


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    print("file m contacts A nnz(A) L_dense L_natural L_min_degree tableau")
    for path in argv[1:]:
        try:
            m, cols, layout = read_dat(path)
        except (OSError, ValueError, IndexError) as e:
            print("lcp_fill.py: %s: %s" % (path, e), file=sys.stderr)
            return 2
        if field(layout, "groups") != "-" or field(layout, "convex") is None:
            print("%s: skipped (groups, or no ncs-layout line)" % path)
            continue
        nc = int(field(layout, "convex"))
        n = nc * (1 + int(field(layout, "fric") or 0))
        adj = [set() for _ in range(n)]
        nnz = 0
        for j in range(n):
            for i in range(n):
                if float(cols[j][i]) != 0:
                    nnz += 1
                    if i != j:
                        adj[i].add(j)
                        adj[j].add(i)
        print("%s %d %d %d %d %d %d %d %d" % (
            path, m, nc, n, nnz, n * (n + 1) // 2, factor_size(adj, range(n)),
            factor_size(adj, min_degree_order(adj)), m * (m + 2)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
