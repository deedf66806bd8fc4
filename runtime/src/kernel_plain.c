/* kernel_plain.c - portable kernels (firmware builds without GSL). */
#include "lcp_internal.h"

void ncs_lcp_kernel_ger(int m, int n, double alpha, const double *x,
                        const double *y, double *A, int lda) {
    int i, j;
    for (i = 0; i < m; i++) {
        double f = alpha * x[i];
        double *Ai = A + (size_t)i * lda;
        if (f == 0)
            continue;
        for (j = 0; j < n; j++)
            Ai[j] += f * y[j];
    }
}
