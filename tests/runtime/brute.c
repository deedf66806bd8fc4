/* brute.c - every complementary basis of an LCP (see brute.h). Test code:
 * written from the definitions, sharing nothing with the runtime. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "brute.h"

double brute_residual(int m, const double *B, const double *b, const double *z) {
    int r, c;
    double zs = 0, res = 0;
    for (r = 0; r < m; r++)
        if (fabs(z[r]) > zs)
            zs = fabs(z[r]);
    if (!isfinite(zs))
        return HUGE_VAL;
    for (r = 0; r < m; r++) {
        double w = b[r], bm = 0, ws, zr, wr, v;
        for (c = 0; c < m; c++) {
            double e = B[(size_t)r * m + c];
            if (fabs(e) > bm)
                bm = fabs(e);
            if (z[c] != 0)
                w += e * z[c];
        }
        ws = fabs(b[r]) + bm * zs;
        if (!isfinite(w) || !isfinite(ws))
            return HUGE_VAL;
        zr = zs > 0 ? z[r] / zs : 0;
        wr = ws > 0 ? w / ws : 0;
        v = -zr > -wr ? -zr : -wr;
        if ((zr < wr ? zr : wr) > v)
            v = zr < wr ? zr : wr;
        if (v > res)
            res = v;
    }
    return res;
}

double brute_energy(int nu, const double *A, const double *u) {
    int i, j;
    double e = 0;
    if (!A)
        return 0;
    for (i = 0; i < nu; i++)
        for (j = 0; j < nu; j++)
            e += u[i] * A[(size_t)i * nu + j] * u[j];
    return e;
}

/* Solves M x = r (n x n, row-major, overwritten) in long double with
 * partial pivoting. Returns 0, or -1 when a pivot is below 1e-13 of the
 * largest entry of M. */
static int solve_ld(int n, long double *M, long double *r) {
    int i, j, k;
    long double amax = 0;
    for (i = 0; i < n * n; i++)
        if (fabsl(M[i]) > amax)
            amax = fabsl(M[i]);
    if (n > 0 && !(amax > 0))
        return -1;
    for (k = 0; k < n; k++) {
        int p = k;
        for (i = k + 1; i < n; i++)
            if (fabsl(M[i * n + k]) > fabsl(M[p * n + k]))
                p = i;
        if (fabsl(M[p * n + k]) <= 1e-13L * amax)
            return -1;
        if (p != k) {
            long double t;
            for (j = 0; j < n; j++) {
                t = M[k * n + j];
                M[k * n + j] = M[p * n + j];
                M[p * n + j] = t;
            }
            t = r[k];
            r[k] = r[p];
            r[p] = t;
        }
        for (i = k + 1; i < n; i++) {
            long double f = M[i * n + k] / M[k * n + k];
            for (j = k; j < n; j++)
                M[i * n + j] -= f * M[k * n + j];
            r[i] -= f * r[k];
        }
    }
    for (i = n - 1; i >= 0; i--) {
        long double s = r[i];
        for (j = i + 1; j < n; j++)
            s -= M[i * n + j] * r[j];
        r[i] = s / M[i * n + i];
    }
    return 0;
}

brute_result brute_lcp(int m, const double *B, const double *b, double tol, const double *A,
                       int nu, int ub, double *zbest) {
    brute_result out;
    long double *M = malloc((size_t)m * m * sizeof *M), *r = malloc((size_t)m * sizeof *r);
    double *z = malloc((size_t)m * sizeof *z);
    int *J = malloc((size_t)m * sizeof *J);
    unsigned long mask, end = m < 24 ? 1ul << m : 0;
    double bmax = 0, Bmax = 0, zlim;
    int k;
    for (k = 0; k < m * m; k++)
        Bmax = fabs(B[k]) > Bmax ? fabs(B[k]) : Bmax;
    for (k = 0; k < m; k++)
        bmax = fabs(b[k]) > bmax ? fabs(b[k]) : bmax;
    zlim = Bmax > 0 ? 1e9 * bmax / Bmax : HUGE_VAL;
    memset(&out, 0, sizeof out);
    out.emin = HUGE_VAL;
    out.res = HUGE_VAL;
    for (mask = 0; M && r && z && J && mask < end; mask++) {
        int n = 0, i, j;
        double res, e;
        out.bases++;
        for (i = 0; i < m; i++)
            if (mask >> i & 1)
                J[n++] = i;
        for (i = 0; i < n; i++) {
            for (j = 0; j < n; j++)
                M[i * n + j] = B[(size_t)J[i] * m + J[j]];
            r[i] = -(long double)b[J[i]];
        }
        if (solve_ld(n, M, r) != 0) {
            out.singular++;
            continue;
        }
        memset(z, 0, (size_t)m * sizeof *z);
        for (i = 0; i < n; i++)
            z[J[i]] = (double)r[i];
        res = brute_residual(m, B, b, z);
        if (!(res <= tol))
            continue;
        for (i = 0, e = 0; i < m; i++)
            e = fabs(z[i]) > e ? fabs(z[i]) : e;
        if (e > zlim) {
            out.huge++;
            continue;
        }
        out.solutions++;
        e = brute_energy(nu, A, z + ub);
        if (e < out.emin || out.solutions == 1) {
            out.emin = e;
            out.res = res;
            out.escale = 0;
            for (i = 0; A && i < nu; i++)
                for (j = 0; j < nu; j++)
                    out.escale += fabs(z[ub + i] * A[(size_t)i * nu + j] * z[ub + j]);
            if (zbest)
                memcpy(zbest, z, (size_t)m * sizeof *z);
        }
    }
    free(M);
    free(r);
    free(z);
    free(J);
    return out;
}
