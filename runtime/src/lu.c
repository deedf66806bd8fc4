/* lu.c - sparse LU with partial pivoting, left-looking (lu.h).
 *
 * Column k of P A = L U comes from the columns before it: with L's first k
 * columns known, solve L x = A(:,k) for x over the rows. The rows already
 * pivotal give U(:,k) (at their pivot steps), the others hold what is left
 * of the column; the largest of those in magnitude is the pivot, its row
 * takes step k, and the others divided by it are L(:,k) below the unit
 * diagonal. The solve touches only the reach of A(:,k)'s rows in the
 * graph whose edges go from a pivotal row i to the rows of L(:, pinv[i]):
 * a depth-first search from those rows lists it in topological order, so
 * a column costs the entries it meets, not n (Gilbert and Peierls' method,
 * as CSparse's cs_lu; written here from the method). While factoring, L
 * holds original row indices (a row's step is not known until it is
 * chosen); they are renumbered to pivot steps at the end.
 */
#include <math.h>
#include <string.h>
#include "lu.h"

NCS_INTERNAL size_t ncs_lu_ints(int nmax, int cap) {
    return 2 * ((size_t)nmax + 1) + 2 * (size_t)cap + (size_t)nmax + 2 * (size_t)nmax +
           (size_t)nmax;
}

NCS_INTERNAL size_t ncs_lu_reals(int nmax, int cap) {
    return 2 * (size_t)cap + (size_t)nmax;
}

NCS_INTERNAL void ncs_lu_bind(ncs_lu *f, int nmax, int cap, int *iv, ncs_real *rv) {
    f->n = 0;
    f->cap = cap;
    f->lp = iv;
    f->up = f->lp + nmax + 1;
    f->li = f->up + nmax + 1;
    f->ui = f->li + cap;
    f->pinv = f->ui + cap;
    f->xi = f->pinv + nmax;
    f->mark = f->xi + 2 * nmax;
    f->lx = rv;
    f->ux = rv + cap;
    f->x = rv + 2 * (size_t)cap;
    memset(f->x, 0, sizeof(ncs_real) * (size_t)nmax);
}

/* Depth-first search from row j in the graph of L's first columns,
 * without recursion: pushes the rows reached in postorder onto xi[top..]
 * (from the end down) and returns the new top. The stack of rows being
 * visited grows at xi[0..] and, for each, the next child to visit at
 * xi[n + depth] (xi has 2 n entries; the two parts never meet: at most n
 * rows are listed or on the stack). mark[i] == stamp: visited. */
static int lu_dfs(ncs_lu *f, int j, int top, int stamp) {
    int *xi = f->xi, n = f->n, head = 0;
    xi[0] = j;
    while (head >= 0) {
        int i = xi[head], s = f->pinv[i], done = 1, p, end;
        if (f->mark[i] != stamp) {
            f->mark[i] = stamp;
            xi[n + head] = s < 0 ? 0 : f->lp[s] + 1;  /* skip L's unit diagonal */
        }
        end = s < 0 ? 0 : f->lp[s + 1];
        for (p = xi[n + head]; s >= 0 && p < end; p++) {
            int c = f->li[p];
            if (f->mark[c] == stamp)
                continue;
            xi[n + head] = p + 1;   /* resume after c */
            xi[++head] = c;
            done = 0;
            break;
        }
        if (done) {
            head--;
            xi[--top] = i;
        }
    }
    return top;
}

NCS_INTERNAL int ncs_lu_factor(ncs_lu *f, int n, const int *ap, const int *ai, const ncs_real *ax,
                               const int *pref, ncs_real tol) {
    int k, p, lnz = 0, unz = 0, status = 0;
    ncs_real *x = f->x;
    f->n = n;
    f->bad = -1;
    for (k = 0; k < n; k++) {
        f->pinv[k] = -1;
        f->mark[k] = -1;
    }
    for (k = 0; k < n; k++) {
        int top = n, piv = -1, t;
        ncs_real big = -1, cmax = 0, d;
        f->lp[k] = lnz;                 /* ends L's column k - 1 for the search */
        /* the reach of column k's rows, in topological order at xi[top..n) */
        for (p = ap[k]; p < ap[k + 1]; p++)
            if (f->mark[ai[p]] != k)
                top = lu_dfs(f, ai[p], top, k);
        for (p = ap[k]; p < ap[k + 1]; p++) {   /* the scale: A's column (growth in
                                                  * U's part is not singularity) */
            x[ai[p]] = ax[p];
            cmax = NCS_FABS(ax[p]) > cmax ? NCS_FABS(ax[p]) : cmax;
        }
        /* x = L \ A(:,k) over the reach */
        for (t = top; t < n; t++) {
            int i = f->xi[t], s = f->pinv[i], q;
            if (s < 0)
                continue;
            for (q = f->lp[s] + 1; q < f->lp[s + 1]; q++)
                x[f->li[q]] -= f->lx[q] * x[i];
        }
        if (lnz + (n - top) > f->cap || unz + (n - top) > f->cap) {
            status = 2;
            goto clean;
        }
        /* U(:,k) above the diagonal, and the pivot among the other rows */
        f->up[k] = unz;
        for (t = top; t < n; t++) {
            int i = f->xi[t];
            ncs_real a = NCS_FABS(x[i]);
            if (!(a <= NCS_HUGE)) {     /* not finite */
                status = 1;
                goto clean;
            }
            if (f->pinv[i] >= 0) {
                f->ui[unz] = f->pinv[i];
                f->ux[unz++] = x[i];
            } else if (a > big) {
                big = a;
                piv = i;
            }
        }
        if (piv < 0 || !(big > tol * cmax) || big == 0) {
            f->bad = k;
            status = 1;
            goto clean;
        }
        if (pref && pref[k] >= 0 && f->pinv[pref[k]] < 0 &&
            NCS_FABS(x[pref[k]]) >= NCS_LU_THRESHOLD * big)
            piv = pref[k];              /* keeps the columns' order's fill */
        d = x[piv];
        f->ui[unz] = k;                 /* the diagonal, last */
        f->ux[unz++] = d;
        f->pinv[piv] = k;
        f->li[lnz] = piv;               /* the unit diagonal, first */
        f->lx[lnz++] = 1;
        for (t = top; t < n; t++) {
            int i = f->xi[t];
            if (f->pinv[i] < 0) {
                f->li[lnz] = i;
                f->lx[lnz++] = x[i] / d;
            }
            x[i] = 0;
        }
    }
    f->lp[n] = lnz;
    f->up[n] = unz;
    for (p = 0; p < lnz; p++)           /* rows to pivot steps */
        f->li[p] = f->pinv[f->li[p]];
    return 0;
clean:
    for (p = 0; p < n; p++)
        x[p] = 0;
    return status;
}

NCS_INTERNAL void ncs_lu_solve(const ncs_lu *f, ncs_real *y) {
    int n = f->n, i, j, q;
    ncs_real *w = f->x;
    for (i = 0; i < n; i++)
        w[f->pinv[i]] = y[i];
    for (j = 0; j < n; j++)             /* L w = P b */
        for (q = f->lp[j] + 1; q < f->lp[j + 1]; q++)
            w[f->li[q]] -= f->lx[q] * w[j];
    for (j = n - 1; j >= 0; j--) {      /* U y = w */
        int last = f->up[j + 1] - 1;
        ncs_real v = w[j] / f->ux[last];
        w[j] = 0;
        y[j] = v;
        for (q = f->up[j]; q < last; q++)
            w[f->ui[q]] -= f->ux[q] * v;
    }
}

NCS_INTERNAL void ncs_lu_solve_t(const ncs_lu *f, ncs_real *y) {
    int n = f->n, i, j, q;
    ncs_real *w = f->x;
    for (j = 0; j < n; j++) {           /* U^T v = b */
        int last = f->up[j + 1] - 1;
        ncs_real v = y[j];
        for (q = f->up[j]; q < last; q++)
            v -= f->ux[q] * w[f->ui[q]];
        w[j] = v / f->ux[last];
    }
    for (j = n - 1; j >= 0; j--)        /* L^T u = v */
        for (q = f->lp[j] + 1; q < f->lp[j + 1]; q++)
            w[j] -= f->lx[q] * w[f->li[q]];
    for (i = 0; i < n; i++)             /* y = P^T u */
        y[i] = w[f->pinv[i]];
    for (i = 0; i < n; i++)
        w[i] = 0;
}
