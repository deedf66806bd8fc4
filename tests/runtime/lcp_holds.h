/* lcp_holds.h - the runtime tests' own check of an LCP answer, apart from
 * the solver's: what "solved" means, computed again from B, b and z. */
#ifndef NCS_TEST_LCP_HOLDS_H
#define NCS_TEST_LCP_HOLDS_H

#include <math.h>
#include <stddef.h>

/* Independent verification: z >= 0, w = B z + b >= 0, z.w = 0, all within
 * tol relative to max|z| and to |b_i| + sum_j |B_ij| max|z|; and row by row
 * for the answer as it acts (negative z_j left out), v = b_i + sum_j B_ij
 * max(z_j, 0): v >= 0, and v = 0 where z_i > tol max|z|, within 100 tol
 * times the larger of the row's own terms (|b_i| + sum_j |B_ij z_j|) and
 * max|b| (so one huge z_j cannot hide a row it does not enter). Returns 1
 * when it holds. */
static inline int lcp_holds(int m, const double *B, int ldb, const double *b,
                            const double *z, double tol) {
    int i, j;
    double zmax = 0, bmax = 0;
    for (i = 0; i < m; i++) {
        if (fabs(z[i]) > zmax)
            zmax = fabs(z[i]);
        if (fabs(b[i]) > bmax)
            bmax = fabs(b[i]);
    }
    for (i = 0; i < m; i++) {
        double w = b[i], ws = fabs(b[i]), v = b[i], own = fabs(b[i]), lim;
        for (j = 0; j < m; j++) {
            double t = B[(size_t)i * ldb + j] * z[j];
            w += t;
            ws += fabs(B[(size_t)i * ldb + j]) * zmax;
            v += z[j] > 0 ? t : 0;
            own += fabs(t);
        }
        if (!(z[i] >= -tol * zmax) || !(w >= -tol * ws))
            return 0;
        if (z[i] > tol * zmax && w > tol * ws)
            return 0;
        lim = 100 * tol * (own > bmax ? own : bmax);
        if (v < -lim || (z[i] > tol * zmax && v > lim))
            return 0;
    }
    return 1;
}

#endif
