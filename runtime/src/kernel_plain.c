/* kernel_plain.c - portable kernels (firmware builds without GSL). */
#include "lcp_internal.h"

NCS_INTERNAL void ncs_lcp_kernel_ger(int m, int n, ncs_real alpha, const ncs_real *x,
                                     const ncs_real *y, ncs_real *A, int lda) {
    int i, j;
    for (i = 0; i < m; i++) {
        ncs_real f = alpha * x[i];
        ncs_real *Ai = A + (size_t)i * (size_t)lda;
        if (f == 0)
            continue;
        for (j = 0; j < n; j++)
            Ai[j] += f * y[j];
    }
}
