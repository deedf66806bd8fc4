/* dense.c - small dense helpers of the solver core (plain C99). */
#include <math.h>
#include "lcp_internal.h"

NCS_INTERNAL int ncs_dense_solve(int n, ncs_real *A, int lda, ncs_real *r, int *perm) {
    int i, j, k;
    ncs_real amax = 0;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            if (NCS_FABS(A[(size_t)i * lda + j]) > amax)
                amax = NCS_FABS(A[(size_t)i * lda + j]);
    if (!(amax > 0) || !isfinite(amax))
        return n == 0 ? 0 : -1;
    for (k = 0; k < n; k++) {
        int p = k;
        ncs_real best = NCS_FABS(A[(size_t)k * lda + k]);
        for (i = k + 1; i < n; i++)
            if (NCS_FABS(A[(size_t)i * lda + k]) > best) {
                best = NCS_FABS(A[(size_t)i * lda + k]);
                p = i;
            }
        if (best <= NCS_TOL_SINGULAR * amax)
            return -1;
        perm[k] = p;
        if (p != k) {
            ncs_real t;
            for (j = 0; j < n; j++) {
                t = A[(size_t)k * lda + j];
                A[(size_t)k * lda + j] = A[(size_t)p * lda + j];
                A[(size_t)p * lda + j] = t;
            }
            t = r[k]; r[k] = r[p]; r[p] = t;
        }
        for (i = k + 1; i < n; i++) {
            ncs_real f = A[(size_t)i * lda + k] / A[(size_t)k * lda + k];
            if (f == 0)
                continue;
            for (j = k + 1; j < n; j++)
                A[(size_t)i * lda + j] -= f * A[(size_t)k * lda + j];
            r[i] -= f * r[k];
        }
    }
    for (i = n - 1; i >= 0; i--) {
        ncs_real s = r[i];
        for (j = i + 1; j < n; j++)
            s -= A[(size_t)i * lda + j] * r[j];
        r[i] = s / A[(size_t)i * lda + i];
    }
    return 0;
}

NCS_INTERNAL ncs_real ncs_lcp_residual(int m, const ncs_real *B, int ldb,
                                       const ncs_real *b, const ncs_real *z, ncs_real *w,
                                       const ncs_real *rmax, int *nzj, const int *owner,
                                       const int *comp, int cc) {
    int i, k, nnz = 0;
    ncs_real zs = 0, res = 0;
#define IN_PART(i) (!owner || comp[owner[i]] == cc)
    for (i = 0; i < m; i++) {   /* a non-finite z makes every w_i or ws non-finite */
        ncs_real a = NCS_FABS(z[i]);
        if (a > zs && IN_PART(i))
            zs = a;
        nzj[nnz] = i;
        nnz += z[i] != 0;       /* a zero z_j adds only a zero to w */
    }
    for (i = 0; i < m; i++) {
        const ncs_real *Bi = B + (size_t)i * ldb;
        ncs_real wi = b[i], ws, zr, wr, ri, zi = z[i];
        if (!IN_PART(i))
            continue;
        for (k = 0; k < nnz; k++)
            wi += Bi[nzj[k]] * z[nzj[k]];
        ws = NCS_FABS(b[i]) + rmax[i] * zs;
        if (w)
            w[i] = wi;
        if (!isfinite(wi + ws))        /* also a scale that overflows: proves nothing */
            return NCS_HUGE;
        /* z_i = 0 <= w_i or w_i = 0 < z_i: this row's measure is 0 (or -0)
         * and cannot raise res, so the divisions are skipped (the host;
         * the firmware copy keeps the smaller code) */
        if (!NCS_LCP_SMALL && !(zi < 0 || wi < 0 || (zi > 0 && wi > 0)))
            continue;
        /* z against the largest z; w against the largest size its terms can
         * have, |b_r| + max_j |B_rj| * max|z| (docs/solver.md) */
        zr = zs > 0 ? zi / zs : 0;
        wr = ws > 0 ? wi / ws : 0;
        ri = -zr > -wr ? -zr : -wr;
        if ((zr < wr ? zr : wr) > ri)
            ri = zr < wr ? zr : wr;
        if (ri > res)
            res = ri;
    }
#undef IN_PART
    return res;
}
