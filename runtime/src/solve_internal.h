/* solve_internal.h - what the files of the LCP solver share: solve.c (the
 * workspace, the strategy and verification), solve_cs.c (the contact-space
 * closed forms), solve_select.c (the side selection path), solve_rescue.c
 * and solve_newton.c (the rescues a firmware copy leaves out): the
 * workspace, the state of one call, and the functions one file calls in
 * another (NCS_INTERNAL: external in the runtime library, named
 * ncs_solve_* and listed in ncs/prefix.h; static in one.c). */
#ifndef NCS_SOLVE_INTERNAL_H
#define NCS_SOLVE_INTERNAL_H

#include <math.h>
#include <string.h>
#include "ncs/assemble.h"
#include "lcp_internal.h"
#include "unionfind.h"

/* Caller memory is carved into these arrays once, at init. The only
 * arrays of mmax^2 size are Lemke's tableau (lw.T, which also holds the
 * dense systems of the re-solves and the Newton Jacobian between runs),
 * and, for ncs_lcp_solve only, the copy of A extracted from B (Acopy); the
 * lazy tableau's etas go to `spare` (docs/solver.md, "Memory"). */
struct ncs_lcp_workspace {
    int mmax;               /* capacity: largest m */
    int ncmax;              /* capacity: most contacts */
    ncs_lemke_work lw;      /* Lemke tableau and index arrays */
    ncs_real *Acopy;          /* ncs_lcp_solve: A extracted from B (acap reals) */
    size_t acap;
    ncs_real *spare;          /* the lazy tableau's etas (nspare reals, may be 0) */
    size_t nspare;
    ncs_real *a0, *mu;        /* ncs_lcp_solve: a0 (nu) and mu (nc) extracted from B */
    ncs_real *bcs;            /* ncs_lcp_solve_cs: the call's b (closed forms) */
    ncs_real *rowv;           /* ncs_lcp_solve_cs: one row of B, written out */
    ncs_real *br, *zr;        /* reduced LCP vector and solution */
    ncs_real *zc, *wc;        /* candidate full z and its w (during the selection
                                 path's search, before its final accept: the
                                 side_bound of each contact, side_bounds) */
    ncs_real *u, *a;          /* contact impulses and A u + a0 */
    ncs_real *best, *trial;   /* best unverified z so far; Newton trial point */
    ncs_real *rmax;           /* max_j |B_ij| per row of the call's B */
    int *umap;              /* reduced unknown -> full one (also block indices) */
    int *sel;               /* chosen side per group */
    int *gfirst;            /* first side of each group */
    int *perm;              /* pivoting of the dense solve */
    int *comp;              /* component of each contact (or index of B) */
    int *owner;             /* contact that owns each row/variable of z (not built
                               for one component: ONE_COMP) */
    int *clist;             /* contacts of the reduced problem */
    int *cgroup;            /* their group, -1 for convex contacts */
    int *glist;             /* groups of the component being solved */
    int *top;               /* their admissible sides K, pairs and empty choice em:
                               4 K + 2 pairs + em */
    int *ranked;            /* sides of each group by rank (rank_sides), from gfirst */
    int *sgrp;              /* ncs_lcp_solve_cs: group of each side (y) */
    int *cside;             /* ncs_lcp_solve_cs, diff forms: side of each c row */
    unsigned char *inS;     /* summation: side counted in its group row */
    unsigned char *inC;     /* side may carry impulse (the chosen set) */
    unsigned char *zb;      /* basis of the last Lemke run (z basic) */
    /* warm-start state of the previous verified call */
    int prev_m;             /* m of the previous verified solve, 0 if none */
    int prev_form;          /* its formulation, -1 without layout */
    int prev_ngroups;       /* its number of groups */
    int prev_has_sel;       /* prev_sel is valid */
    int *prev_sel;          /* side selection that verified */
    unsigned char *prev_J;  /* z_r > 0 in the previous solution */
};

#define NCS_ALIGN_UP(n) (((n) + 15u) & ~(size_t)15u)
/* Vectors of the workspace by their length: mmax, the impulses, ncmax. */
enum { NREAL_M = 9, NREAL_U = 2, NINT_M = 4, NINT_C = 10, NBYTE_M = 4 };
/* Work budget of one call's selection path (docs/solver.md, "Bounded
 * work"): attempts (reduced Lemke runs, friction states) and pivots over
 * all components. A search that reaches it gives up; plain Lemke on the
 * full LCP still runs with its own cap. */
enum { NEWTON_COLD_MAX = 64, ATTEMPT_BUDGET = 2048, PIVOT_BUDGET_PER_ROW = 40, PIVOT_BUDGET_BASE = 8000 };
/* float: index exchanges of try_repair per call (each a dense solve) */
enum { REPAIR_CAP = 16, REPAIR_CAP_RESCUE = 64 };
/* exchanges of the repair of a caller's guess (host double; from_guess) */
enum { GUESS_CAP = 64 };
/* 1 when the selection path takes its one-component shortcuts: every
 * contact is in component 0, so every row is, and ws->owner is not built
 * (prepare). */
#define ONE_COMP(c) (!NCS_LCP_SMALL && (c)->ncomp == 1)

/* Everything one call needs, passed around by the strategy steps. */
typedef struct call {
    ncs_lcp_workspace *ws;      /* scratch and warm-start state */
    const ncs_layout *L;        /* NULL: no structure known */
    ncs_layout_offsets o;       /* offsets of L */
    int m, ldb;                 /* dimension and leading dimension of B */
    int cap;                    /* pivot cap per run (0: 50 m + 100) */
    int k, nc, nu, ub;          /* friction dirs, contacts, |u|, u offset in z */
    int decompose;              /* split independent blocks */
    const ncs_real *B, *b;        /* the caller's LCP, never written; B NULL: the
                                     contact-space LCP (ncs_lcp_solve_cs), b in ws->bcs */
    const ncs_real *A, *a0, *mu;  /* contact-space data: the caller's
                                     (ncs_lcp_solve_cs), or extracted from B (prepare) */
    size_t lda;                 /* leading dimension of A */
    const ncs_real *pyb;          /* ncs_lcp_solve_cs: added to b of the p_y rows, or NULL */
#if !NCS_REAL_IS_FLOAT && !NCS_LCP_SMALL  /* NCS_LCP_FACTOR_ONLY */
    const ncs_lcp_factor *factor; /* ncs_lcp_solve_cs: the caller's A by its factor, or NULL */
#endif
    const int *gumap;           /* block_rows: the principal block's indices (NULL: all) */
    int gn;                     /* its size */
    ncs_real gdelta;              /* block_rows: added to its diagonal */
    int rk, rncr, rnur;         /* the reduced LCP of build_reduced: friction
                                   directions, contacts, impulses */
    ncs_real tol;                 /* verification tolerance */
    int pivots, attempts, blocks; /* reported in ncs_lcp_info */
    ncs_real flops0;              /* ws->lw.flops at the start of the call */
    int unverified;             /* some attempt finished but did not verify */
    ncs_real best_res;            /* residual of ws->best (NCS_HUGE: none) */
    ncs_real last_res;            /* residual of the last ncs_solve_accept() */
    int lemke_status;           /* status of the last failed Lemke run */
    ncs_real residual;            /* residual of the accepted z */
    int prepared;               /* contact data extracted: 1, failed: -1, not yet: 0 */
    int ncomp;                  /* independent contact components */
    int seeded;                 /* the selection starts from the previous choices */
    int fricpass;               /* failed attempts also try friction states */
    int loose_lemke;            /* plain Lemke's z0 left through the looser tie */
    const ncs_real *guess;      /* the caller's guess until Lemke started from it
                                   (NULL: none, or tried) */
    int restartpass;            /* failed attempts also try the reduced restart */
    int cut;                    /* the work budget stopped a component's search, or
                                   a component's z came from plain Lemke on its block */
    int exact;                  /* the returned z is known to be of smallest energy */
    ncs_real ebest;               /* energy an attempt must beat (NCS_HUGE: none yet) */
    ncs_real rscale;              /* float: largest |b| of the last selection attempt */
#if !NCS_LCP_SMALL                /* the one-component shortcut (try_structured) */
    int want_w;                 /* the caller asked for w */
    ncs_real part_res;            /* residual of the last part_residual */
    ncs_real kept_res;            /* that of the last kept component solution */
#endif
} call;


static inline int cap_for(const call *c, int m) {
    return c->cap > 0 ? c->cap : 50 * m + 100;
}

/* 1 where ncs_lcp_solve_cs takes A by its factor alone (A NULL): the host
 * in double, where solve_basis.c is compiled */
#define NCS_LCP_FACTOR_ONLY (!NCS_REAL_IS_FLOAT && !NCS_LCP_SMALL)
#if NCS_LCP_FACTOR_ONLY         /* options with a factor (ncs_lcp_options.factor) */
#define FACTOR_GIVEN(opt) ((opt)->factor && (opt)->factor->nd >= 1)
#else
#define FACTOR_GIVEN(opt) 0
#endif

/* Entry (i, j) of the contact-space A: the caller's, or from its factor
 * when the caller gave only that (ncs_lcp_solve_cs with A NULL: the sum
 * over the degrees of freedom rows i and j of G share of G_id minv_d G_jd,
 * solve_cs.c). */
#if NCS_LCP_FACTOR_ONLY
NCS_INTERNAL ncs_real ncs_solve_factor_aij(const ncs_lcp_factor *f, int i, int j);
#define AIJ(c, i, j)                                                              \
    ((c)->A ? (c)->A[(size_t)(i) * (c)->lda + (size_t)(j)]                        \
            : ncs_solve_factor_aij((c)->factor, (i), (j)))
#else
#define AIJ(c, i, j) ((c)->A[(size_t)(i) * (c)->lda + (size_t)(j)])
#endif

/* solve.c */
NCS_INTERNAL ncs_real ncs_solve_residual(const call *c, const ncs_real *z, ncs_real *w, const int *owner,
                                         int cc);
NCS_INTERNAL int ncs_solve_lemke_block(call *c, int n, const int *umap, ncs_real delta,
                                       unsigned char *zbasic);
NCS_INTERNAL int ncs_solve_lemke_on_br(call *c, int n, unsigned char *zbasic);
NCS_INTERNAL int ncs_solve_over_budget(const call *c);
#if NCS_REAL_IS_FLOAT
NCS_INTERNAL ncs_real ncs_solve_group_residual(const call *c, const ncs_real *z, int cc, int strict);
#else
#define ncs_solve_group_residual(c, z, cc, strict) NCS_RC(0)   /* the rows resolve it (docs/solver.md) */
#endif
NCS_INTERNAL int ncs_solve_accept(call *c);
NCS_INTERNAL ncs_real *ncs_solve_gather(call *c, int n, ncs_real sign);
NCS_INTERNAL int ncs_solve_set_solve(call *c, const unsigned char *J);
NCS_INTERNAL int ncs_solve_clamp_set(call *c, int n);
NCS_INTERNAL int ncs_solve_solve_on_set(call *c, const unsigned char *J);
NCS_INTERNAL void ncs_solve_keep_best(call *c, ncs_real res);
#if NCS_REAL_IS_FLOAT || !NCS_LCP_SMALL
NCS_INTERNAL int ncs_solve_worst_violation(const call *c, const unsigned char *J, ncs_real most);
/* After a set solve into ws->zc: its residual (w into ws->wc) and, when no
 * index is violated beyond tol on J, zc clamped at 0 and verified. Returns
 * the index of the worst violation (to exchange), -1 when zc verified, -2
 * when it cannot (not finite, or not verified). */
NCS_INTERNAL int ncs_solve_repair_step(call *c, const unsigned char *J);
NCS_INTERNAL int ncs_solve_try_repair(call *c, unsigned char *J, int cap, const ncs_real *z0);
#endif
NCS_INTERNAL int ncs_solve_lemke_once(call *c, int *path);


/* solve_cs.c */
NCS_INTERNAL const ncs_real *ncs_solve_brow(const call *c, int r);
NCS_INTERNAL void ncs_solve_block_rows(const ncs_lemke_rows *g, int i, ncs_real *out, size_t stride);
NCS_INTERNAL void ncs_solve_cs_b(call *c);
NCS_INTERNAL int ncs_solve_cs_scan(const call *c, ncs_real *rmax);
NCS_INTERNAL ncs_real ncs_solve_cs_residual(const call *c, const ncs_real *z, ncs_real *w, int *nzj,
                                            const int *owner, const int *comp, int cc);

/* solve_select.c */
NCS_INTERNAL void ncs_solve_reduced_rows(const ncs_lemke_rows *g, int r, ncs_real *out, size_t stride);
NCS_INTERNAL void ncs_solve_lift(call *c, int cc, int ngc, int ncr);
NCS_INTERNAL void ncs_solve_group_aux(const call *c, const ncs_real *a, int gi, int first, int arg,
                                      ncs_real *z);
NCS_INTERNAL ncs_real ncs_solve_part_residual(call *c, int cc);
NCS_INTERNAL int ncs_solve_prepare(call *c);
NCS_INTERNAL int ncs_solve_try_structured(call *c);

/* solve_newton.c (not in a firmware copy: NCS_LCP_NO_NEWTON) */
#ifndef NCS_LCP_NO_NEWTON
NCS_INTERNAL int ncs_solve_try_newton(call *c);
#endif

/* solve_rescue.c (not in a firmware copy: NCS_LCP_SMALL) */
#if !NCS_LCP_SMALL
#if !NCS_REAL_IS_FLOAT
NCS_INTERNAL int ncs_solve_refine_on_set(call *c, const unsigned char *J);
NCS_INTERNAL void ncs_solve_polish_verified(call *c);
NCS_INTERNAL int ncs_solve_set_solve_refined(call *c, const unsigned char *J, const ncs_real *z0);
NCS_INTERNAL int ncs_solve_warm_prox(call *c, const unsigned char *J);
NCS_INTERNAL int ncs_solve_repair_fixed(call *c, unsigned char *J, int cap, const ncs_real *z0);
#define POLISH_VERIFIED(c) ncs_solve_polish_verified(c)
#define WARM_PROX(c, J) ncs_solve_warm_prox(c, J)
#define SET_SOLVE_REPAIR(c, J, z0) ncs_solve_set_solve_refined(c, J, z0)
#define REPAIR_RESCUE(c, J) ncs_solve_try_repair(c, J, REPAIR_CAP_RESCUE, NULL)
#endif
NCS_INTERNAL int ncs_solve_lemke_flagged(call *c, int *path, int *flag);
/// Plain Lemke on a factorised basis (solve_basis.c; host double, not a
/// firmware copy) in the tableau's memory: its status, with z in ws->zc
/// and its basis in ws->zb when NCS_LCP_SOLVED (not verified here);
/// NCS_LCP_WORKSPACE when B's entries and a factor do not fit there.
NCS_INTERNAL int ncs_solve_lemke_basis(call *c);
/// With A by its factor (c->factor): Lemke on the augmented LCP with etas
/// (ncs_solve_lemke_basis factors every pivot), and the complementary
/// basis of J solved on its factor from z0 (NULL: 0; z in ws->zc, not
/// verified here).
NCS_INTERNAL int ncs_solve_factor_lemke(call *c);
NCS_INTERNAL int ncs_solve_factor_set(call *c, const unsigned char *J, const ncs_real *z0);
NCS_INTERNAL int ncs_solve_try_reduced_regularised(call *c, int cc, int ngc, int ncr, int mr, int loose);
NCS_INTERNAL int ncs_solve_polish_reduced(call *c, int cc, int ngc, int ncr, int mr);
NCS_INTERNAL int ncs_solve_bounded(const call *c);
NCS_INTERNAL int ncs_solve_try_regularised(call *c);
NCS_INTERNAL int ncs_solve_try_proximal(call *c);
#if !NCS_REAL_IS_FLOAT
NCS_INTERNAL int ncs_solve_try_bases(call *c);
#endif
#define REDUCED_REGULARISED(c, cc, ngc, ncr, mr, loose) \
    ncs_solve_try_reduced_regularised(c, cc, ngc, ncr, mr, loose)
#define POLISH_REDUCED(c, cc, ngc, ncr, mr) ncs_solve_polish_reduced(c, cc, ngc, ncr, mr)
#else
#define REDUCED_REGULARISED(c, cc, ngc, ncr, mr, loose) 0
#define POLISH_REDUCED(c, cc, ngc, ncr, mr) 0
#endif
#ifndef POLISH_VERIFIED         /* float, or a firmware copy */
#define POLISH_VERIFIED(c) ((void)0)
#define WARM_PROX(c, J) 0
#define SET_SOLVE_REPAIR(c, J, z0) ((void)(z0), ncs_solve_set_solve(c, J))
#endif
#if !defined REPAIR_RESCUE && !NCS_LCP_SMALL     /* float host: plain re-solves */
#define REPAIR_RESCUE(c, J) ncs_solve_try_repair(c, J, REPAIR_CAP_RESCUE, NULL)
#endif


#endif
