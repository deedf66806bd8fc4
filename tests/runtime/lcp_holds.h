/* lcp_holds.h - the runtime tests' own check of an LCP answer, apart from
 * the solver's: what "solved" means, computed again from B, b and z. */
#ifndef NCS_TEST_LCP_HOLDS_H
#define NCS_TEST_LCP_HOLDS_H

#include <math.h>
#include <stddef.h>

/* Independent verification: z >= 0, w = B z + b >= 0, z.w = 0, all within
 * tol relative to max|z| and to |b_i| + sum_j |B_ij| max|z|. Returns 1 when it holds. */
static inline int lcp_holds(int m, const double *B, int ldb, const double *b,
                            const double *z, double tol) {
    int i, j;
    double zmax = 0;
    for (i = 0; i < m; i++)
        if (fabs(z[i]) > zmax)
            zmax = fabs(z[i]);
    for (i = 0; i < m; i++) {
        double w = b[i], ws = fabs(b[i]);
        for (j = 0; j < m; j++) {
            w += B[(size_t)i * ldb + j] * z[j];
            ws += fabs(B[(size_t)i * ldb + j]) * zmax;
        }
        if (!(z[i] >= -tol * zmax) || !(w >= -tol * ws))
            return 0;
        if (z[i] > tol * zmax && w > tol * ws)
            return 0;
    }
    return 1;
}

#endif
