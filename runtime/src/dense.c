/* dense.c - small dense helpers of the solver core (plain C99). */
#include <math.h>
#include "lcp_internal.h"

/* LU with partial pivoting, in place: at step k the row of the largest
 * |A_ik| (i >= k) is swapped to k (perm[k] = its index; whole rows, so
 * the multipliers already stored below the diagonal move with them) and
 * the multipliers f_ik = A_ik / A_kk are stored where they eliminate.
 * ncs_dense_lu_solve applies every swap to the right-hand side first
 * (each element then sits where the factor's row of it went), then
 * subtracts the multipliers in the order of the steps k: each entry gets
 * the operations of the elimination that once carried the right-hand side
 * along, in the same order, so the bits are those of before. */
NCS_INTERNAL int ncs_dense_factor(int n, ncs_real *A, int lda, int *perm) {
    int i, j, k;
    const size_t ld = (size_t)lda;
    ncs_real amax = 0;
#define AT(i, j) A[(size_t)(i) * ld + (size_t)(j)]
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            if (NCS_FABS(AT(i, j)) > amax)
                amax = NCS_FABS(AT(i, j));
    if (!(amax > 0) || !isfinite(amax))
        return n == 0 ? 0 : -1;
    for (k = 0; k < n; k++) {
        int p = k;
        ncs_real best = NCS_FABS(AT(k, k));
        for (i = k + 1; i < n; i++)
            if (NCS_FABS(AT(i, k)) > best) {
                best = NCS_FABS(AT(i, k));
                p = i;
            }
        if (best <= NCS_TOL_SINGULAR * amax)
            return -1;
        perm[k] = p;
        if (p != k)
            for (j = 0; j < n; j++) {
                ncs_real t = AT(k, j);
                AT(k, j) = AT(p, j);
                AT(p, j) = t;
            }
        for (i = k + 1; i < n; i++) {
            ncs_real f = AT(i, k) / AT(k, k);
            AT(i, k) = f;
            if (f == 0)
                continue;
            for (j = k + 1; j < n; j++)
                AT(i, j) -= f * AT(k, j);
        }
    }
    return 0;
}

NCS_INTERNAL void ncs_dense_lu_solve(int n, const ncs_real *A, int lda, const int *perm,
                                     ncs_real *r) {
    int i, j, k;
    const size_t ld = (size_t)lda;
    for (k = 0; k < n; k++)             /* the swaps first: L's rows had them all */
        if (perm[k] != k) {
            ncs_real t = r[k];
            r[k] = r[perm[k]];
            r[perm[k]] = t;
        }
    for (k = 0; k < n; k++)
        for (i = k + 1; i < n; i++)
            if (AT(i, k) != 0)
                r[i] -= AT(i, k) * r[k];
    for (i = n - 1; i >= 0; i--) {
        ncs_real s = r[i];
        for (j = i + 1; j < n; j++)
            s -= AT(i, j) * r[j];
        r[i] = s / AT(i, i);
    }
#undef AT
}

NCS_INTERNAL int ncs_dense_solve(int n, ncs_real *A, int lda, ncs_real *r, int *perm) {
    if (ncs_dense_factor(n, A, lda, perm) != 0)
        return -1;
    ncs_dense_lu_solve(n, A, lda, perm, r);
    return 0;
}

NCS_INTERNAL ncs_real ncs_lcp_residual(int m, const ncs_real *B, int ldb,
                                       const ncs_real *b, const ncs_real *z, ncs_real *w,
                                       const ncs_real *rmax, int *nzj, const int *owner,
                                       const int *comp, int cc) {
    int i, k, nnz = 0;
    ncs_real zs = 0, bs = 0, res = 0;
#define IN_PART(i) (!owner || comp[owner[i]] == cc)
    for (i = 0; i < m; i++) {   /* a non-finite z makes every w_i or ws non-finite */
        ncs_real a = NCS_FABS(z[i]);
        if (a > zs && IN_PART(i))
            zs = a;
        if (NCS_FABS(b[i]) > bs && IN_PART(i))
            bs = NCS_FABS(b[i]);
        nzj[nnz] = i;
        nnz += z[i] != 0;       /* a zero z_j adds only a zero to w */
    }
    for (i = 0; i < m; i++) {
        const ncs_real *Bi = B + (size_t)i * (size_t)ldb;
        ncs_rowsum r;
        ncs_real ri;
        if (!IN_PART(i))
            continue;
        ncs_rowsum_start(&r, b[i]);
        for (k = 0; k < nnz; k++)
            ncs_rowsum_add(&r, Bi[nzj[k]] * z[nzj[k]], z[nzj[k]]);
        if ((ri = ncs_row_measure(z[i], &r, b[i], rmax[i], zs, bs, w ? w + i : NULL)) >= NCS_HUGE)
            return NCS_HUGE;
        res = ri > res ? ri : res;
    }
#undef IN_PART
    return res;
}
