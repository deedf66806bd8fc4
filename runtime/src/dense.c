/* dense.c - small dense helpers of the solver core (plain C99). */
#include <math.h>
#include "lcp_internal.h"

int ncs_dense_solve(int n, double *A, int lda, double *r, int *perm) {
    int i, j, k;
    double amax = 0;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            if (fabs(A[(size_t)i * lda + j]) > amax)
                amax = fabs(A[(size_t)i * lda + j]);
    if (!(amax > 0) || !isfinite(amax))
        return n == 0 ? 0 : -1;
    for (k = 0; k < n; k++) {
        int p = k;
        double best = fabs(A[(size_t)k * lda + k]);
        for (i = k + 1; i < n; i++)
            if (fabs(A[(size_t)i * lda + k]) > best) {
                best = fabs(A[(size_t)i * lda + k]);
                p = i;
            }
        if (best <= 1e-13 * amax)
            return -1;
        perm[k] = p;
        if (p != k) {
            double t;
            for (j = 0; j < n; j++) {
                t = A[(size_t)k * lda + j];
                A[(size_t)k * lda + j] = A[(size_t)p * lda + j];
                A[(size_t)p * lda + j] = t;
            }
            t = r[k]; r[k] = r[p]; r[p] = t;
        }
        for (i = k + 1; i < n; i++) {
            double f = A[(size_t)i * lda + k] / A[(size_t)k * lda + k];
            if (f == 0)
                continue;
            for (j = k + 1; j < n; j++)
                A[(size_t)i * lda + j] -= f * A[(size_t)k * lda + j];
            r[i] -= f * r[k];
        }
    }
    for (i = n - 1; i >= 0; i--) {
        double s = r[i];
        for (j = i + 1; j < n; j++)
            s -= A[(size_t)i * lda + j] * r[j];
        r[i] = s / A[(size_t)i * lda + i];
    }
    return 0;
}

double ncs_lcp_residual(int m, const double *B, int ldb, const double *b,
                        const double *z, double *w) {
    int i, j;
    double zs = 0, res = 0;
    for (j = 0; j < m; j++) {
        if (!isfinite(z[j]))
            return HUGE_VAL;
        if (fabs(z[j]) > zs)
            zs = fabs(z[j]);
    }
    for (i = 0; i < m; i++) {
        const double *Bi = B + (size_t)i * ldb;
        double wi = b[i], bmax = 0, ws, zr, wr, ri;
        for (j = 0; j < m; j++) {
            wi += Bi[j] * z[j];
            if (fabs(Bi[j]) > bmax)
                bmax = fabs(Bi[j]);
        }
        ws = fabs(b[i]) + bmax * zs;
        if (w)
            w[i] = wi;
        if (!isfinite(wi))
            return HUGE_VAL;
        /* z against the largest z; w against the largest size its terms can
         * have, |b_r| + max_j |B_rj| * max|z| (docs/solver.md) */
        zr = zs > 0 ? z[i] / zs : 0;
        wr = ws > 0 ? wi / ws : 0;
        ri = -zr;
        if (-wr > ri)
            ri = -wr;
        if ((zr < wr ? zr : wr) > ri)
            ri = zr < wr ? zr : wr;
        if (ri > res)
            res = ri;
    }
    return res;
}
