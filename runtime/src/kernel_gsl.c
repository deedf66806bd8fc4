/* kernel_gsl.c - host kernels on GSL BLAS (views over the solver's arrays). */
#include <gsl/gsl_blas.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_vector.h>
#include "lcp_internal.h"

#if NCS_REAL_IS_FLOAT
#error "kernel_gsl.c is the double-only host kernel (use kernel_plain.c)"
#endif

void ncs_lcp_kernel_ger(int m, int n, ncs_real alpha, const ncs_real *x,
                        const ncs_real *y, ncs_real *A, int lda) {
    /* GSL must never abort the simulator. Its error handler is global
     * (switching it off and back around each call, as before, races when two
     * threads solve at once), so it is left alone: the only conditions under
     * which these calls invoke it (a size < 1, lda < n, views whose sizes
     * disagree with dger's) are excluded here, and the views are built with
     * exactly the sizes dger checks. */
    if (m >= 1 && n >= 1 && lda >= n) {
        gsl_vector_const_view xv = gsl_vector_const_view_array(x, (size_t)m);
        gsl_vector_const_view yv = gsl_vector_const_view_array(y, (size_t)n);
        gsl_matrix_view Av = gsl_matrix_view_array_with_tda(A, (size_t)m, (size_t)n,
                                                            (size_t)lda);
        gsl_blas_dger(alpha, &xv.vector, &yv.vector, &Av.matrix);
    }
}
