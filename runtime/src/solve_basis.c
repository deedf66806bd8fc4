/* solve_basis.c - plain Lemke on a factorised basis as a fallback of the
 * solver (docs/solver.md, "Lemke on a factorised basis"): when the
 * tableau's runs failed, B by its nonzero columns and the workspace of
 * lemke_basis.c are laid over the tableau's memory (free then), so it
 * needs no memory of its own. Its basic values are solved afresh from
 * the factor every pivot, so rounding does not pile up over the pivots
 * as in a tableau: on the stored LCPs of tests/runtime/data it solves 12
 * of 32 where the plain tableau solves 6. When the caller gave A only by
 * its factor (A NULL), the same methods run on the augmented LCP
 * (ncs_lcp_assemble_aug), and a guessed complementary basis is solved on
 * its factor (docs/solver.md, "A by its factor"). Host builds in double
 * (not a firmware copy: its bytes; not float: tuned in double only). */
#include "solve_internal.h"
#include "lemke_basis.h"

#if !NCS_LCP_SMALL && !NCS_REAL_IS_FLOAT

/* Reals that hold n ints (ints packed into the reals' memory). */
static size_t sb_ints_as_reals(size_t n) {
    return (n * sizeof(int) + sizeof(ncs_real) - 1) / sizeof(ncs_real);
}

/* The augmented LCP (ncs_lcp_assemble_aug) of a contact-space call whose
 * caller gave A by its factor: order m + nd, its nd last rows the
 * equalities of the bodies' velocity changes. Its columns are as sparse as
 * the contacts (a row of B that reads a row of A holds that row of G: at
 * most 6 entries), where B's own columns hold A's rows (nu entries for one
 * body). Laid out over the tableau's memory: reals bx, bb, the workspace's;
 * then ints bp, bi, work, the workspace's. */
typedef struct sbaug {
    ncs_lemkeb lb;
    int n, nd;
    int *bp, *bi;
    ncs_real *bx, *bb;
} sbaug;

/* Assembles the augmented LCP and binds lemke_basis's workspace (0), or
 * the status that stops it. */
static int sb_lay(call *c, sbaug *S) {
    ncs_lcp_workspace *ws = c->ws;
    const ncs_lcp_factor *f = c->factor;
    ncs_real *mem = ws->lw.T, *rv;
    size_t total = ncs_lemke_doubles(ws->lw.mmax), fixed, used;
    long nz, cap;
    int m = c->m, nd = f->nd, n = m + nd, j, *work, *iv;
    if (sb_ints_as_reals((size_t)n + 1) + (size_t)n > total)
        return NCS_LCP_WORKSPACE;
    S->n = n;
    S->nd = nd;
    S->bp = (int *)(void *)mem;         /* count the entries first (b beside) */
    S->bb = mem + sb_ints_as_reals((size_t)n + 1);
    nz = ncs_lcp_assemble_aug(c->L, nd, f->gp, f->gi, f->gx, f->minv, c->a0, c->mu, 0, S->bp,
                              S->bp, S->bb, S->bb, S->bp);
    if (nz == -2)
        nz = S->bp[n];
    if (nz < 0)
        return NCS_LCP_BAD_INPUT;
    fixed = (size_t)nz + (size_t)n + ncs_lemkeb_reals(n, nz, 0) +
            sb_ints_as_reals(2 * (size_t)n + 1 + (size_t)nz + ncs_lemkeb_ints(n, nz, 0) + 8);
    if (fixed >= total)
        return NCS_LCP_WORKSPACE;
    cap = (long)((total - fixed) * sizeof(ncs_real) / (2 * sizeof(ncs_real) + 2 * sizeof(int)));
    if (cap > 64L * n + 1024)
        cap = 64L * n + 1024;
    if (cap < n)
        return NCS_LCP_WORKSPACE;
    S->bx = mem;
    S->bb = S->bx + nz;
    rv = S->bb + n;
    used = (size_t)nz + (size_t)n + ncs_lemkeb_reals(n, nz, (int)cap);
    S->bp = (int *)(void *)(mem + used);
    S->bi = S->bp + n + 1;
    work = S->bi + nz;
    iv = work + n;
    if (ncs_lcp_assemble_aug(c->L, nd, f->gp, f->gi, f->gx, f->minv, c->a0, c->mu, nz, S->bp,
                             S->bi, S->bx, S->bb, work) < 0)
        return NCS_LCP_BAD_INPUT;
    for (j = 0; j < m; j++)             /* the call's b: the ghosts' shifts, no subnormals */
        S->bb[j] = c->b[j];
    ncs_lemkeb_bind(&S->lb, n, S->bp[n], (int)cap, iv, rv);
    return 0;
}

/* Lemke on the augmented LCP, etas as given (ncs_lemkeb.max_etas). */
static int sb_augmented(call *c, int max_etas) {
    sbaug S;
    int j, st = sb_lay(c, &S);
    if (st != 0)
        return st;
    S.lb.max_etas = max_etas;
    c->attempts++;
    st = ncs_lemkeb_run(&S.lb, S.n, S.nd, S.bp, S.bi, S.bx, S.bb, cap_for(c, c->m), c->ws->zc,
                        &c->pivots);
    for (j = 0; j < c->m; j++)
        c->ws->zb[j] = S.lb.where[S.n + j] >= 0;
    return st;
}

NCS_INTERNAL int ncs_solve_factor_set(call *c, const unsigned char *J, const ncs_real *z0) {
    sbaug S;
    int st = sb_lay(c, &S);
    if (st != 0)
        return st;
    return ncs_lemkeb_solve_set(&S.lb, S.n, S.nd, S.bp, S.bi, S.bx, S.bb, J, z0, c->ws->zc);
}

NCS_INTERNAL int ncs_solve_factor_lemke(call *c) {
    return sb_augmented(c, NCS_LEMKEB_ETAS);
}

NCS_INTERNAL int ncs_solve_lemke_basis(call *c) {
    ncs_lcp_workspace *ws = c->ws;
    ncs_lemkeb lb;
    ncs_real *mem = ws->lw.T, *bx, *rv;
    size_t total = ncs_lemke_doubles(ws->lw.mmax), used, fixed;
    long nz = 0, cap;
    int m = c->m, i, j, *bp, *bi, *iv, st;
    if (!c->A && !c->B)                 /* A by its factor only */
        return sb_augmented(c, 0);      /* the most accurate values */
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
    st = ncs_lemkeb_run(&lb, m, 0, bp, bi, bx, c->b, cap_for(c, m), ws->zc, &c->pivots);
    for (j = 0; j < m; j++)
        ws->zb[j] = lb.where[m + j] >= 0;
    return st;
}

#endif
