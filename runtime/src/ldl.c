/* ldl.c - sparse LDL^T by rows ("up-looking"), with the elimination tree.
 *
 * Derivation. Write A = L D L^T and split at row k:
 *
 *     [ A11  a  ]   [ L11  0 ] [ D1  0  ] [ L11^T  l ]
 *     [ a^T  akk] = [ l^T  1 ] [ 0   dk ] [ 0      1 ]
 *
 * so L11 D1 l = a (one sparse triangular solve: y = L11^-1 a, then
 * l = D1^-1 y) and dk = akk - l^T D1 l = akk - sum_i y_i l_i. Row k of L
 * is thus found from the rows before it, one row at a time.
 *
 * Which entries of y are nonzero: y_i is nonzero when a_i is, or when some
 * earlier y_j is nonzero with L_ij nonzero, j < i. Following, from each
 * nonzero a_i, the first off-diagonal nonzero of each column (the parent of
 * i in the elimination tree) up to k visits exactly those rows; a flag per
 * row marks the ones already met during row k, so each path stops where an
 * earlier one passed. The symbolic step walks these paths once to build the
 * tree (a node with no parent yet gets k) and count the entries of each
 * column of L; the numeric step walks them again to know which y_i to
 * compute, in an order where each comes after the rows it depends on (each
 * path lists a node before its ancestors; paths are stacked so that the
 * nodes are taken from the top in topological order).
 *
 * Column i of L grows by one entry (row k) each time row k's pattern holds
 * i, so lnz[i] counts the entries written so far and the next one goes at
 * lp[i] + lnz[i]: L is written column by column without moving anything.
 * The cost is the number of flops of the factor, O(sum of |L col|^2), and
 * memory is exactly lp[n] entries: no fill is guessed, none reallocated.
 */
#include <math.h>
#include "ldl.h"

NCS_INTERNAL long ncs_ldl_symbolic(int n, const int *ap, const int *ai, int *parent, int *lnz,
                                   int *lp, int *flag) {
    int k, p;
    long total = 0;
    if (n < 0)
        return -1;
    for (k = 0; k < n; k++) {
        int diag = 0;
        parent[k] = -1;
        flag[k] = k;
        lnz[k] = 0;
        if (ap[k] > ap[k + 1])
            return -1;
        for (p = ap[k]; p < ap[k + 1]; p++) {
            int i = ai[p];
            if (i < 0 || i > k)
                return -1;
            if (i == k) {
                diag = 1;
                continue;
            }
            for (; flag[i] != k; i = parent[i]) { /* up the tree to k */
                if (parent[i] == -1)
                    parent[i] = k;
                lnz[i]++;
                flag[i] = k;
            }
        }
        if (!diag)
            return -1;
    }
    lp[0] = 0;
    for (k = 0; k < n; k++) {
        total += lnz[k];
        if (total > 0x7fffffffL)
            return -1; /* int indices would wrap */
        lp[k + 1] = (int)total;
    }
    return total;
}

NCS_INTERNAL int ncs_ldl_numeric(int n, const int *ap, const int *ai, const ncs_real *ax,
                                 const int *parent, const int *lp, int *li, ncs_real *lx,
                                 ncs_real *d, int *lnz, int *flag, int *pattern, ncs_real *y) {
    int k, p, positive = 0;
    for (k = 0; k < n; k++) {
        int top = n;
        flag[k] = k;
        lnz[k] = 0;
        y[k] = 0;
        for (p = ap[k]; p < ap[k + 1]; p++) { /* scatter column k, find row k's pattern */
            int i = ai[p], len = 0;
            y[i] += ax[p];
            for (; flag[i] != k; i = parent[i]) {
                pattern[len++] = i;
                flag[i] = k;
            }
            while (len > 0)
                pattern[--top] = pattern[--len];
        }
        d[k] = y[k];
        y[k] = 0;
        for (; top < n; top++) { /* y = L11^-1 a, l = D1^-1 y, dk -= y.l */
            int i = pattern[top], q, end = lp[i] + lnz[i];
            ncs_real yi = y[i], lki;
            y[i] = 0;
            for (q = lp[i]; q < end; q++)
                y[li[q]] -= lx[q] * yi;
            lki = yi / d[i];
            d[k] -= lki * yi;
            li[end] = k;
            lx[end] = lki;
            lnz[i]++;
        }
        if (!(d[k] != 0) || !isfinite(d[k]))
            return -1;
        positive += d[k] > 0;
    }
    return positive;
}

NCS_INTERNAL void ncs_ldl_solve(int n, const int *lp, const int *li, const ncs_real *lx,
                                const ncs_real *d, ncs_real *x) {
    int j, p;
    for (j = 0; j < n; j++) /* L y = b */
        for (p = lp[j]; p < lp[j + 1]; p++)
            x[li[p]] -= lx[p] * x[j];
    for (j = 0; j < n; j++) /* D z = y */
        x[j] /= d[j];
    for (j = n - 1; j >= 0; j--) /* L^T x = z */
        for (p = lp[j]; p < lp[j + 1]; p++)
            x[j] -= lx[p] * x[li[p]];
}

/* r = b - A x and, in scale, |b| + |A| |x|, from the upper triangle. */
static void ldl_residual(int n, const int *ap, const int *ai, const ncs_real *ax,
                         const ncs_real *b, const ncs_real *x, ncs_real *r, ncs_real *scale) {
    int j, p;
    for (j = 0; j < n; j++) {
        r[j] = b[j];
        scale[j] = NCS_FABS(b[j]);
    }
    for (j = 0; j < n; j++)
        for (p = ap[j]; p < ap[j + 1]; p++) {
            int i = ai[p];
            r[i] -= ax[p] * x[j];
            scale[i] += NCS_FABS(ax[p] * x[j]);
            if (i != j) { /* the mirrored entry below the diagonal */
                r[j] -= ax[p] * x[i];
                scale[j] += NCS_FABS(ax[p] * x[i]);
            }
        }
}

NCS_INTERNAL ncs_real ncs_ldl_refine(int n, const int *ap, const int *ai, const ncs_real *ax,
                                     const int *lp, const int *li, const ncs_real *lx,
                                     const ncs_real *d, const ncs_real *b, ncs_real *x,
                                     ncs_real *r, ncs_real *scale, int iters) {
    int it, i;
    ncs_real worst = 0;
    for (it = 0; it < iters; it++) {
        ldl_residual(n, ap, ai, ax, b, x, r, scale);
        ncs_ldl_solve(n, lp, li, lx, d, r);
        for (i = 0; i < n; i++)
            x[i] += r[i];
    }
    ldl_residual(n, ap, ai, ax, b, x, r, scale);
    for (i = 0; i < n; i++) {
        ncs_real e = scale[i] > 0 ? NCS_FABS(r[i]) / scale[i] : NCS_FABS(r[i]);
        if (!(e <= worst))
            worst = e; /* a NaN is the worst */
    }
    return worst;
}
