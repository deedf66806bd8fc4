/* solve_basis.c - plain Lemke on a factorised basis as a fallback of the
 * solver (docs/solver.md, "Lemke on a factorised basis"): when the
 * tableau's runs failed, B by its nonzero columns and the workspace of
 * lemke_basis.c are laid over the tableau's memory (free then), so it
 * needs no memory of its own. Its basic values are solved afresh from
 * the factor every pivot, so rounding does not pile up over the pivots
 * as in a tableau: on the stored LCPs of tests/runtime/data it solves 12
 * of 32 where the plain tableau solves 6. Host builds in double (not a
 * firmware copy: its bytes; not float: tuned in double only). */
#include "solve_internal.h"
#include "lemke_basis.h"

#if !NCS_LCP_SMALL && !NCS_REAL_IS_FLOAT

/* Reals that hold n ints (ints packed into the reals' memory). */
static size_t sb_ints_as_reals(size_t n) {
    return (n * sizeof(int) + sizeof(ncs_real) - 1) / sizeof(ncs_real);
}

NCS_INTERNAL int ncs_solve_lemke_basis(call *c) {
    ncs_lcp_workspace *ws = c->ws;
    ncs_lemkeb lb;
    ncs_real *mem = ws->lw.T, *bx, *rv;
    size_t total = ncs_lemke_doubles(ws->lw.mmax), used, fixed;
    long nz = 0, cap;
    int m = c->m, i, j, *bp, *bi, *iv, st;
    /* column counts into the first m + 1 ints, moved to bp below */
    bp = (int *)(void *)mem;
    if (sb_ints_as_reals((size_t)m + 1) > total)
        return NCS_LCP_WORKSPACE;
    for (j = 0; j <= m; j++)
        bp[j] = 0;
    for (i = 0; i < m; i++) {
        const ncs_real *Bi = ncs_solve_brow(c, i);
        for (j = 0; j < m; j++)
            if (Bi[j] != 0) {
                bp[j + 1]++;
                nz++;
            }
    }
    /* reals: bx, the workspace's reals; then ints: bp, bi, the workspace's */
    fixed = (size_t)nz + ncs_lemkeb_reals(m, nz, 0) +
            sb_ints_as_reals((size_t)m + 1 + (size_t)nz + ncs_lemkeb_ints(m, nz, 0) + 8);
    if (fixed >= total)
        return NCS_LCP_WORKSPACE;
    cap = (long)((total - fixed) * sizeof(ncs_real) / (2 * sizeof(ncs_real) + 2 * sizeof(int)));
    if (cap > 64L * m + 1024)
        cap = 64L * m + 1024;       /* more would not be a sparse factor */
    if (cap < m)
        return NCS_LCP_WORKSPACE;
    bx = mem;
    rv = bx + nz;
    used = (size_t)nz + ncs_lemkeb_reals(m, nz, (int)cap);
    iv = (int *)(void *)(mem + used);
    memmove(iv, bp, sizeof(int) * ((size_t)m + 1));
    bp = iv;
    bi = bp + m + 1;
    iv = bi + nz;
    for (j = 0; j < m; j++)             /* counts to starts */
        bp[j + 1] += bp[j];
    for (i = 0; i < m; i++) {           /* bp[j]: where column j's next entry goes */
        const ncs_real *Bi = ncs_solve_brow(c, i);
        for (j = 0; j < m; j++)
            if (Bi[j] != 0) {
                bi[bp[j]] = i;
                bx[bp[j]++] = Bi[j];
            }
    }
    for (j = m; j > 0; j--)             /* back to the starts */
        bp[j] = bp[j - 1];
    bp[0] = 0;
    ncs_lemkeb_bind(&lb, m, nz, (int)cap, iv, rv);
    lb.max_etas = 0;                    /* a fallback: the most accurate values */
    c->attempts++;
    st = ncs_lemkeb_run(&lb, m, bp, bi, bx, c->b, cap_for(c, m), ws->zc, &c->pivots);
    for (j = 0; j < m; j++)
        ws->zb[j] = lb.where[m + j] >= 0;
    return st;
}

#endif
