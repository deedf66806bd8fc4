/* solve.c - workspace, strategy and verification of ncs_lcp_solve.
 *
 * Plain C99 over caller-owned memory: no heap, no stdio, no GSL.
 * Strategy (docs/solver.md): trivial exit, warm start from the previous
 * solution's support, for nonconvex groups the side selection path, and
 * plain Lemke (block by block when B decomposes). The selection path
 * extracts the contact-space data (A, a0, mu) from B and b, splits the
 * contacts into independent components, and per component chooses sides
 * of each group that may carry impulse, solves the convex Stewart LCP of
 * the chosen sides, lifts u to the formulation's z and verifies the
 * component's rows; among the verified choices it keeps the one of
 * smallest impulse energy u^T A u (the projection of the free-flight
 * velocity onto the union of half-planes), with bounded work. Whatever the
 * path, the returned z is verified against the full LCP.
 */
#include <math.h>
#include <string.h>
#include "ncs/assemble.h"
#include "lcp_internal.h"

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
enum { REPAIR_CAP = 16 };
/* 1 when the selection path takes its one-component shortcuts: every
 * contact is in component 0, so every row is, and ws->owner is not built
 * (prepare). */
#define ONE_COMP(c) (!NCS_LCP_SMALL && (c)->ncomp == 1)

/* Carves the arrays (when ws is non-NULL) for LCPs of at most mmax rows
 * and ncmax contacts: the tableau, acap reals for a copy of A (with a0 and
 * mu beside it, ncs_lcp_solve only), vectors of mmax, of the impulses (nu
 * <= min(3 ncmax, mmax)) and of ncmax (contacts, sides, groups), and
 * nspare reals of spare memory; returns the bytes needed. */
static size_t carve(int mmax, int ncmax, size_t acap, size_t nspare, ncs_lcp_workspace *ws,
                    unsigned char *base) {
    size_t M = (size_t)mmax, C = (size_t)(ncmax < mmax ? ncmax : mmax);
    size_t U = 3 * C < M ? 3 * C : M, X = acap > 0 ? U + C : 0;
    size_t at = NCS_ALIGN_UP(sizeof(ncs_lcp_workspace));
    size_t nd = ncs_lemke_doubles(mmax) + acap + X + NREAL_M * M + NREAL_U * U + nspare;
    size_t ni = ncs_lemke_ints(mmax) + NINT_M * M + NINT_C * C;
    if (ws) {
        ncs_real *d = (ncs_real *)(base + at);
        int *iv = (int *)(base + at + nd * sizeof(ncs_real));
        unsigned char *cv = (unsigned char *)(iv + ni);
        ncs_real **dm[NREAL_M] = {&ws->br, &ws->zr, &ws->zc, &ws->wc, &ws->best,
                                  &ws->trial, &ws->rmax, &ws->bcs, &ws->rowv};
        ncs_real **du[NREAL_U] = {&ws->u, &ws->a};
        int **im[NINT_M] = {&ws->umap, &ws->perm, &ws->comp, &ws->owner};
        int **ic[NINT_C] = {&ws->sel, &ws->gfirst, &ws->clist, &ws->cgroup, &ws->glist,
                            &ws->prev_sel, &ws->top, &ws->ranked, &ws->sgrp, &ws->cside};
        unsigned char **cvs[NBYTE_M] = {&ws->inS, &ws->inC, &ws->zb, &ws->prev_J};
        int i;
        ncs_lemke_bind(&ws->lw, mmax, d, iv);
        d += ncs_lemke_doubles(mmax);
        iv += ncs_lemke_ints(mmax);
        ws->ncmax = (int)C;
        ws->Acopy = acap > 0 ? d : NULL;
        ws->acap = acap;
        ws->a0 = acap > 0 ? d + acap : NULL;
        ws->mu = acap > 0 ? d + acap + U : NULL;
        d += acap + X;
        for (i = 0; i < NREAL_M; i++, d += M)
            *dm[i] = d;
        for (i = 0; i < NREAL_U; i++, d += U)
            *du[i] = d;
        ws->spare = nspare > 0 ? d : NULL;
        ws->nspare = nspare;
        for (i = 0; i < NINT_M; i++, iv += M)
            *im[i] = iv;
        for (i = 0; i < NINT_C; i++, iv += C)
            *ic[i] = iv;
        for (i = 0; i < NBYTE_M; i++, cv += M)
            *cvs[i] = cv;
    }
    return at + nd * sizeof(ncs_real) + ni * sizeof(int) + NBYTE_M * M;
}

ncs_lcp_options ncs_lcp_default_options(void) {
    ncs_lcp_options o;
    o.max_pivots = 0;       /* 0: 50 m + 100 per Lemke run of dimension m */
    o.tol = NCS_TOL_VERIFY;
    o.warm_start = 1;
    o.structured = 1;
    o.decompose = 1;
    o.rescue = 1;
    o.keep_state = 0;
    return o;
}

/* ncs_lcp_solve's workspace: a copy of A (nu <= m) and m^2 of spare, as
 * before the contact-space entry point (the same eta room, so the same
 * counted flops). */
static size_t dense_cap(int mmax) {
    return (size_t)mmax * (size_t)mmax;
}

/* 1 when the capacities are in range. */
static int sizes_ok(int mmax, int ncmax) {
    return mmax >= 1 && mmax <= 20000 && ncmax >= 1;
}

size_t ncs_lcp_workspace_bytes(int mmax) {
    if (!sizes_ok(mmax, mmax))
        return 0;
    return carve(mmax, mmax, dense_cap(mmax), dense_cap(mmax), NULL, NULL);
}

size_t ncs_lcp_cs_workspace_bytes(int mmax, int ncmax) {
    if (!sizes_ok(mmax, ncmax))
        return 0;
    return carve(mmax, ncmax, 0, NCS_LCP_CS_SPARE_REALS(mmax), NULL, NULL);
}

/* Lays a workspace with acap reals for A over mem; every byte beyond the
 * rest of the arrays is spare (the lazy tableau's etas). */
static ncs_lcp_workspace *ws_init(void *mem, size_t bytes, int mmax, int ncmax, size_t acap) {
    ncs_lcp_workspace *ws = (ncs_lcp_workspace *)mem;
    size_t need = sizes_ok(mmax, ncmax) ? carve(mmax, ncmax, acap, 0, NULL, NULL) : 0;
    if (!mem || need == 0 || bytes < need || ((size_t)mem % NCS_LCP_WORKSPACE_ALIGN) != 0)
        return NULL;
    memset(ws, 0, sizeof *ws);
    ws->mmax = mmax;
    carve(mmax, ncmax, acap, (bytes - need) / sizeof(ncs_real), ws, (unsigned char *)mem);
    ws->prev_form = -1;
    return ws;
}

ncs_lcp_workspace *ncs_lcp_workspace_init(void *mem, size_t bytes, int mmax) {
    size_t need = ncs_lcp_workspace_bytes(mmax);
    return need == 0 || bytes < need ? NULL : ws_init(mem, need, mmax, mmax, dense_cap(mmax));
}

ncs_lcp_workspace *ncs_lcp_workspace_init_cs(void *mem, size_t bytes, int mmax, int ncmax) {
    return ws_init(mem, bytes, mmax, ncmax, 0);
}

const char *ncs_lcp_status_name(int status) {
    switch (status) {
    case NCS_LCP_SOLVED: return "solved";
    case NCS_LCP_RAY: return "ray";
    case NCS_LCP_PIVOT_CAP: return "pivot-cap";
    case NCS_LCP_NUMERICAL: return "numerical";
    case NCS_LCP_UNVERIFIED: return "unverified";
    case NCS_LCP_BAD_INPUT: return "bad-input";
    case NCS_LCP_WORKSPACE: return "workspace";
    default: return "unknown";
    }
}

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
    ncs_real last_res;            /* residual of the last accept() */
    int lemke_status;           /* status of the last failed Lemke run */
    ncs_real residual;            /* residual of the accepted z */
    int prepared;               /* contact data extracted: 1, failed: -1, not yet: 0 */
    int ncomp;                  /* independent contact components */
    int seeded;                 /* the selection starts from the previous choices */
    int fricpass;               /* failed attempts also try friction states */
    int loose_lemke;            /* plain Lemke's z0 left through the looser tie */
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


static int cap_for(const call *c, int m) {
    return c->cap > 0 ? c->cap : 50 * m + 100;
}

/* ---- the contact-space LCP: rows of B from the closed forms ------------- *
 * ncs_lcp_solve_cs never forms B. Row r of every formulation (ncs/layout.h,
 * as ncs_lcp_assemble writes it) is: ones at up to two runs of columns
 * before the impulses u, the u block (sa A_ja. + A_jb.: the contact-space
 * row of a or a difference of two), a one after it (a p_f row's s_j), or
 * an s row (mu_j p_n,j - sum_l p_f,jl). Every entry has the value the
 * assembler gives it (the same operations), so w, the row scales and
 * Lemke's tableau are those of the assembled B. */
typedef struct csrow {
    int o0, n0, o1, n1;     /* ones at columns [o0, o0 + n0) and [o1, o1 + n1), o0 < o1 */
    int ja, jb;             /* u block: sa A_ja. (+ A_jb. when jb >= 0); ja < 0: none */
    int neg;                /* sa is -1 (else +1) */
    int post;               /* column of a one after the u block, or -1 */
    int s;                  /* the s row of contact s, or -1 */
} csrow;

#define AIJ(c, i, j) ((c)->A[(size_t)(i) * (c)->lda + (size_t)(j)])

/* Decodes row r of the contact-space LCP. */
static void cs_decode(const call *c, int r, csrow *R) {
    const ncs_layout_offsets *o = &c->o;
    const ncs_lcp_workspace *ws = c->ws;
    int k = NCS_NFRIC(c->k), form = NCS_FORM_OF(c->L), j, i, first, n;
    R->o0 = R->o1 = R->n0 = R->n1 = 0;
    R->ja = R->jb = R->post = R->s = -1;
    R->neg = 0;
    if (k > 0 && r >= o->s) {
        R->s = r - o->s;
        return;
    }
    if (k > 0 && r >= o->pf) {              /* t_jl + s_j */
        R->ja = c->nc + (r - o->pf);
        R->post = o->s + (r - o->pf) / k;
        return;
    }
    if (o->nc > o->y && r >= o->px) {       /* a_j of a convex contact */
        R->ja = o->y + (r - o->px);
        return;
    }
    if (o->y > 0 && r >= o->py) {           /* p_y: the side's row of its group */
        j = r - o->py;
        i = ws->sgrp[j];
        first = ws->gfirst[i];
        n = c->L->group_size[i];
        switch (form) {
        case NCS_FORM_MAX:                  /* h_j + d_i - gamma + 1 */
            R->o0 = o->d + i, R->n0 = 1;
            R->o1 = o->h + j, R->n1 = 1;
            break;
        case NCS_FORM_SUMMATION:            /* sum_l c_l - eps_h */
            R->o0 = o->c + first, R->n0 = n;
            break;
        default:                            /* [gv_j +] a_1 + sum_{2..n} c */
            R->o0 = o->c + first - i, R->n0 = n - 1;
            if (form == NCS_FORM_DIFF_ACCURATE)
                R->o1 = o->gv + j, R->n1 = 1;
            R->ja = first;
            break;
        }
        return;
    }
    switch (form) {
    case NCS_FORM_MAX:
        if (r >= o->p) {                    /* d_i - gamma + 1 */
            R->o0 = o->d + (r - o->p), R->n0 = 1;
        } else if (r >= o->h) {             /* h_j + a_j */
            R->o0 = r, R->n0 = 1;
            R->ja = r - o->h;
        } else if (r >= o->g) {             /* c_j + d_i - gamma */
            j = r - o->g;
            R->o0 = o->c + j, R->n0 = 1;
            R->o1 = o->d + ws->sgrp[j], R->n1 = 1;
        } else if (r >= o->d) {             /* sum_j g_j - 1 */
            i = r - o->d;
            R->o0 = o->g + ws->gfirst[i], R->n0 = c->L->group_size[i];
        } else {                            /* c_j + a_j - 1 */
            R->o0 = r, R->n0 = 1;
            R->ja = r - o->c;
        }
        break;
    case NCS_FORM_SUMMATION:                /* c_j - a_j - eps_h */
        R->o0 = r, R->n0 = 1;
        R->ja = r - o->c;
        R->neg = 1;
        break;
    default:
        if (form == NCS_FORM_DIFF_ACCURATE && r >= o->pd) {  /* a_1 + sum_{2..n} c */
            i = r - o->pd;
            R->o0 = o->c + ws->gfirst[i] - i, R->n0 = c->L->group_size[i] - 1;
            R->ja = ws->gfirst[i];
        } else if (form == NCS_FORM_DIFF_ACCURATE && r >= o->gv) {  /* gv_j + a_j */
            R->o0 = r, R->n0 = 1;
            R->ja = r - o->gv;
        } else {                /* c_k - a_k + a_1 + sum_{2..k-1} c */
            j = ws->cside[r - o->c];
            i = ws->sgrp[j];
            R->o0 = o->c + ws->gfirst[i] - i, R->n0 = j - ws->gfirst[i];
            R->ja = j;
            R->neg = 1;
            R->jb = ws->gfirst[i];
        }
        break;
    }
}

/* Entry q of the u block of a decoded row (as the assembler adds it). */
static ncs_real cs_u(const call *c, const csrow *R, int q) {
    ncs_real v = AIJ(c, R->ja, q);
    if (R->jb >= 0)
        return -v + AIJ(c, R->jb, q);
    return R->neg ? -v : v;
}

/* Writes sign * B_r. (every column, zeros too) to out[j * stride]. */
static void cs_row(const call *c, int r, ncs_real sign, ncs_real *out, size_t stride) {
    csrow R;
    int j, q;
    cs_decode(c, r, &R);
    for (j = 0; j < c->m; j++)
        out[(size_t)j * stride] = 0;
    for (j = R.o0; j < R.o0 + R.n0; j++)
        out[(size_t)j * stride] = sign;
    for (j = R.o1; j < R.o1 + R.n1; j++)
        out[(size_t)j * stride] = sign;
    for (q = 0; q < c->nu && R.ja >= 0; q++)
        out[(size_t)(c->ub + q) * stride] = sign * cs_u(c, &R, q);
    if (R.post >= 0)
        out[(size_t)R.post * stride] = sign;
    if (R.s >= 0) {
        out[(size_t)(c->ub + R.s) * stride] = sign * c->mu[R.s];
        for (q = 0; q < c->k; q++)
            out[(size_t)(c->ub + c->nc + R.s * c->k + q) * stride] = -sign;
    }
}

/* Row r of B: in place (ncs_lcp_solve), or written out to ws->rowv. */
static const ncs_real *brow(const call *c, int r) {
    if (c->B)
        return c->B + (size_t)r * (size_t)c->ldb;
    cs_row(c, r, 1, c->ws->rowv, 1);
    return c->ws->rowv;
}

/* Lemke's rows of the principal block of B on c->gumap (all of B when
 * NULL; c->m or the block's size columns), with c->gdelta added to the
 * diagonal, negated (ncs_lemke_rows). */
static void block_rows(const ncs_lemke_rows *g, int i, ncs_real *out, size_t stride) {
    const call *c = (const call *)g->ctx;
    const ncs_real *Bi;
    int j, n = c->gumap ? c->gn : c->m, r = c->gumap ? c->gumap[i] : i;
    if (!c->B && !c->gumap && c->gdelta == 0) {
        cs_row(c, r, -1, out, stride);     /* straight into the tableau */
        return;
    }
    Bi = brow(c, r);
    for (j = 0; j < n; j++) {
        int col = c->gumap ? c->gumap[j] : j;
        out[(size_t)j * stride] = -(j == i ? Bi[col] + c->gdelta : Bi[col]);
    }
}

/* The call's b from the closed forms (ncs_lcp_solve_cs), as the assembler
 * writes it, plus pyb on the p_y rows (the engine's ghost sides); also the
 * side tables of cs_decode. */
static void cs_b(call *c) {
    ncs_lcp_workspace *ws = c->ws;
    const ncs_layout *L = c->L;
    const ncs_layout_offsets *o = &c->o;
    const ncs_real *a0 = c->a0;
    ncs_real *b = ws->bcs;
    int i, j, l, first = 0, k = NCS_NFRIC(c->k);
    for (i = 0; i < L->ngroups; first += L->group_size[i], i++) {
        int n = L->group_size[i];
        ws->gfirst[i] = first;
        for (l = 0; l < n; l++) {
            j = first + l;
            ws->sgrp[j] = i;
            switch (NCS_FORM_OF(L)) {
            case NCS_FORM_MAX:
                b[o->c + j] = a0[j] - 1;
                b[o->g + j] = -L->gamma;
                b[o->h + j] = a0[j];
                b[o->py + j] = -L->gamma + 1;
                break;
            case NCS_FORM_SUMMATION:
                b[o->c + j] = -a0[j] - L->eps_h;
                b[o->py + j] = -L->eps_h;
                break;
            case NCS_FORM_DIFF:
            case NCS_FORM_DIFF_ACCURATE:
                if (l >= 1) {
                    ws->cside[first - i + l - 1] = j;
                    b[o->c + first - i + l - 1] = a0[first] - a0[j];
                }
                b[o->py + j] = a0[first];
                if (NCS_FORM_OF(L) == NCS_FORM_DIFF_ACCURATE)
                    b[o->gv + j] = a0[j];
                break;
            default:
                break;
            }
            if (c->pyb && c->pyb[j] != 0)
                b[o->py + j] += c->pyb[j];
        }
        if (NCS_FORM_OF(L) == NCS_FORM_MAX) {
            b[o->d + i] = -1;
            b[o->p + i] = -L->gamma + 1;
        } else if (NCS_FORM_OF(L) == NCS_FORM_DIFF_ACCURATE) {
            b[o->pd + i] = a0[first];
        }
    }
    for (j = o->y; j < c->nc; j++)
        b[o->px + j - o->y] = a0[j];
    for (j = 0; j < c->nc * k; j++)
        b[o->pf + j] = a0[c->nc + j];
    for (j = 0; j < c->nc && k > 0; j++)
        b[o->s + j] = 0;
}

/* The finiteness and row-scale pass of finite_input on the contact-space
 * LCP: rmax[r] = max_j |B_rj| over the row's entries (the largest magnitude
 * bits, as finite_input), 0 when an entry or b is not finite. A row costs
 * its entries (nu for a row of a), not m. */
static int cs_scan(const call *c, ncs_real *rmax) {
    int r, q;
    ncs_sbits worst = 0, one = (ncs_sbits)abs_bits(1);
    for (r = 0; r < c->m; r++) {
        csrow R;
        ncs_sbits m0 = 0, bi = (ncs_sbits)abs_bits(c->b[r]);
        cs_decode(c, r, &R);
        if (R.n0 > 0 || R.n1 > 0 || R.post >= 0 || (R.s >= 0 && c->k > 0))
            m0 = one;
        for (q = 0; q < c->nu && R.ja >= 0; q++) {
            ncs_sbits a = (ncs_sbits)abs_bits(cs_u(c, &R, q));
            m0 = a > m0 ? a : m0;
        }
        if (R.s >= 0) {
            ncs_sbits a = (ncs_sbits)abs_bits(c->mu[R.s]);
            m0 = a > m0 ? a : m0;
        }
        rmax[r] = real_of_bits((ncs_bits)m0);
        m0 = bi > m0 ? bi : m0;
        worst = m0 > worst ? m0 : worst;
    }
    return worst < (ncs_sbits)NCS_BITS_INF;
}

/* ncs_lcp_residual on the contact-space LCP: w_r = b_r + B_r. z summed
 * over the row's entries at nonzero z in column order (the same sums as
 * the dense residual, which adds B_rj z_j over the nonzero z_j: its other
 * terms are zeros), the same measure. The nonzero u are listed once in
 * nzj (m ints). */
static ncs_real cs_residual(const call *c, const ncs_real *z, ncs_real *w, int *nzj,
                            const int *owner, const int *comp, int cc) {
    int i, t, nnz = 0;
    const ncs_real *u = z + c->ub;
    ncs_real zs = 0, res = 0;
#define IN_PART(i) (!owner || comp[owner[i]] == cc)
    for (i = 0; i < c->m; i++) {
        ncs_real a = NCS_FABS(z[i]);
        if (!isfinite(a))      /* the dense sums would carry it into every row */
            return NCS_HUGE;
        if (a > zs && IN_PART(i))
            zs = a;
    }
    for (t = 0; t < c->nu; t++) {
        nzj[nnz] = t;
        nnz += u[t] != 0;
    }
    for (i = 0; i < c->m; i++) {
        ncs_real wi = c->b[i], ri;
        csrow R;
        if (!IN_PART(i))
            continue;
        cs_decode(c, i, &R);
        for (t = R.o0; t < R.o0 + R.n0; t++)
            if (z[t] != 0)
                wi += z[t];
        for (t = R.o1; t < R.o1 + R.n1; t++)
            if (z[t] != 0)
                wi += z[t];
        if (R.ja >= 0) {
            const ncs_real *Aa = c->A + (size_t)R.ja * c->lda;
            if (R.jb >= 0) {
                const ncs_real *Ab = c->A + (size_t)R.jb * c->lda;
                for (t = 0; t < nnz; t++)
                    wi += (-Aa[nzj[t]] + Ab[nzj[t]]) * u[nzj[t]];
            } else if (R.neg) {
                for (t = 0; t < nnz; t++)
                    wi += -Aa[nzj[t]] * u[nzj[t]];
            } else {
                for (t = 0; t < nnz; t++)
                    wi += Aa[nzj[t]] * u[nzj[t]];
            }
        }
        if (R.post >= 0 && z[R.post] != 0)
            wi += z[R.post];
        if (R.s >= 0) {
            if (u[R.s] != 0)
                wi += c->mu[R.s] * u[R.s];
            for (t = 0; t < c->k; t++)
                if (u[c->nc + R.s * c->k + t] != 0)
                    wi += -u[c->nc + R.s * c->k + t];
        }
        if ((ri = ncs_row_measure(z[i], wi, c->b[i], c->ws->rmax[i], zs, w ? w + i : NULL)) >=
            NCS_HUGE)
            return NCS_HUGE;
        res = ri > res ? ri : res;
    }
#undef IN_PART
    return res;
}

/* The scaled residual of z on the call's LCP (ncs_lcp_residual). */
static ncs_real residual(const call *c, const ncs_real *z, ncs_real *w, const int *owner,
                         int cc) {
    if (!c->B)
        return cs_residual(c, z, w, c->ws->lw.rows, owner, c->ws->comp, cc);
    return ncs_lcp_residual(c->m, c->B, c->ldb, c->b, z, w, c->ws->rmax, c->ws->lw.rows,
                            owner, c->ws->comp, cc);
}

/* Lemke on rows from gen with vector ws->br (into ws->zr), the
 * workspace's spare memory for the lazy tableau's etas. */
static int lemke_rows(call *c, int n, void (*gen)(const ncs_lemke_rows *, int, ncs_real *,
                                                  size_t), unsigned char *zbasic) {
    ncs_lcp_workspace *ws = c->ws;
    ncs_lemke_rows g;
    g.row = gen;
    g.ctx = c;
    return ncs_lemke_run_rows(&ws->lw, n, &g, ws->br, cap_for(c, n), ws->zr, zbasic,
                              &c->pivots, ws->spare, ws->nspare);
}

/* Lemke on the principal block of B on the n indices umap (vector sign b
 * in ws->br), delta added to its diagonal: written straight into the
 * tableau (block_rows). */
static int lemke_block(call *c, int n, const int *umap, ncs_real delta,
                       unsigned char *zbasic) {
    int st;
    c->gumap = umap;
    c->gn = n;
    c->gdelta = delta;
    st = lemke_rows(c, n, block_rows, zbasic);
    c->gumap = NULL;
    c->gdelta = 0;
    return st;
}

static void reduced_rows(const ncs_lemke_rows *g, int r, ncs_real *out, size_t stride);

/* Lemke on the reduced LCP of the last build_reduced (n rows). */
static int lemke_on_br(call *c, int n, unsigned char *zbasic) {
    return lemke_rows(c, n, reduced_rows, zbasic);
}

/* 1 when the selection path has used its budget. */
static int over_budget(const call *c) {
    return c->attempts >= ATTEMPT_BUDGET ||
           c->pivots >= PIVOT_BUDGET_PER_ROW * c->m + PIVOT_BUDGET_BASE;
}

#if NCS_REAL_IS_FLOAT
/* float, max form: each group's condition max_j a_j >= 0 in contact space
 * (docs/solver.md, "Verification"). The formulation's rows carry it beside
 * gamma-sized constants (p row: d_i - gamma + 1 = max_j a_j), where one
 * float ulp of gamma (2.4e-4 for gamma = 2494) is far above the resolution
 * of a itself, so the scaled residual of those rows cannot see a body that
 * ends inside every side of a piece. Here a_j is side j's h row without
 * its h_j term, b_h + sum_q B_hq u_q (= a0_j + A_j. u), and the group's
 * largest a_j is measured against the largest terms of its sides' a
 * (|a0_j| + sum_q |A_jq u_q|), as the residual measures a row against its
 * largest terms. A group holds when that is >= -NCS_TOL_GROUP, Lemke's
 * own resolution (NCS_TOL_Z0_ZERO: it stops when every row is complementary
 * to that much of b-scale, the largest |a0|). With strict nonzero (the
 * selection path's strict tier, offer()) only what z adds to a violation
 * counts: how far max_j a_j is below min(0, max_j a0_j), the group's
 * free-flight violation (data already off by rounding is not z's doing),
 * measured against the largest side's own terms or the last attempt's
 * b-scale c->rscale (the resolution of its Lemke run), whichever is
 * larger. Returns the largest violation over the groups of component cc
 * (all groups: cc < 0) in units of the verification's tol (tol /
 * NCS_TOL_GROUP per unit), 0 when every group holds. */
static ncs_real group_residual(const call *c, const ncs_real *z, int cc, int strict) {
    const ncs_layout *L = c->L;
    int gi, j, q, first = 0;
    ncs_real res = 0;
    if (!L || NCS_FORM_OF(L) != NCS_FORM_MAX)
        return 0;
    for (gi = 0; gi < L->ngroups; first += L->group_size[gi], gi++) {
        ncs_real amax = -NCS_HUGE, a0max = -NCS_HUGE, size = 0, sown = 0;
        if (cc >= 0 && c->ws->comp[first] != cc)
            continue;
        for (j = first; j < first + L->group_size[gi]; j++) {
            const ncs_real *Bh = c->B ? c->B + (size_t)(c->o.h + j) * (size_t)c->ldb + c->ub
                                      : c->A + (size_t)j * c->lda;    /* the same entries */
            ncs_real a = c->b[c->o.h + j], sj = NCS_FABS(a);
            for (q = 0; q < c->nu; q++) {
                ncs_real t = Bh[q] * z[c->ub + q];
                a += t;
                sj += NCS_FABS(t);
            }
            if (!isfinite(a + sj))
                return NCS_HUGE;
            if (a > amax) {
                amax = a;
                sown = sj;
            }
            a0max = c->b[c->o.h + j] > a0max ? c->b[c->o.h + j] : a0max;
            size = sj > size ? sj : size;
        }
        if (strict) {
            size = sown > c->rscale ? sown : c->rscale;
            amax -= a0max < 0 ? a0max : 0;
        }
        if (amax < 0 && -amax > res * size)
            res = -amax / size;
    }
    return res * (c->tol / NCS_TOL_GROUP);
}
#else
#define group_residual(c, z, cc, strict) NCS_RC(0)   /* the rows resolve it (docs/solver.md) */
#endif

/* Accepts ws->zc when it verifies on the full LCP (and, in float, when
 * every group's condition holds in contact space: group_residual). */
static int accept(call *c) {
    ncs_real r = residual(c, c->ws->zc, c->ws->wc, NULL, 0);
    ncs_real g = group_residual(c, c->ws->zc, -1, 0);
    if (g > r)
        r = g;
    c->last_res = r;
    if (r <= c->tol) {
        c->residual = r;
        return 1;
    }
    c->unverified = 1;
    return 0;
}

/* Copies the principal block of B on the n indices ws->umap[0..n) to the
 * start of the tableau (n x n; free between Lemke runs) and sign times
 * those entries of b to ws->br. Returns the block. */
static ncs_real *gather(call *c, int n, ncs_real sign) {
    ncs_lcp_workspace *ws = c->ws;
    ncs_real *M = ws->lw.T;
    int i, j;
    for (i = 0; i < n; i++) {
        const ncs_real *Bi = brow(c, ws->umap[i]);
        for (j = 0; j < n; j++)
            M[(size_t)i * (size_t)n + (size_t)j] = Bi[ws->umap[j]];
        ws->br[i] = sign * c->b[ws->umap[i]];
    }
    return M;
}

/* Solves B_JJ z_J = -b_J for the index set J (flags) into ws->zc (zero
 * outside J), as it comes. Returns the size of J, or -1 when B_JJ is
 * singular. */
static int set_solve(call *c, const unsigned char *J) {
    ncs_lcp_workspace *ws = c->ws;
    int i, n = 0, m = c->m;
    for (i = 0; i < m; i++)
        if (J[i])
            ws->umap[n++] = i;
    if (ncs_dense_solve(n, gather(c, n, -1), n, ws->br, ws->perm) != 0)
        return -1;
    memset(ws->zc, 0, (size_t)m * sizeof *ws->zc);
    for (i = 0; i < n; i++)
        ws->zc[ws->umap[i]] = ws->br[i];
    return n;
}

/* Re-solves B_JJ z_J = -b_J for the index set J (flags) into ws->zc:
 * the Newton step of the min-map on that active set, negative entries at
 * rounding level clamped to 0. 0 on success. */
static int solve_on_set(call *c, const unsigned char *J) {
    ncs_lcp_workspace *ws = c->ws;
    int i, n = set_solve(c, J);
    for (i = 0; i < n; i++) {
        ncs_real *z = &ws->zc[ws->umap[i]];
        if (!(*z >= -c->tol * NCS_RC(1e3) * (1 + NCS_FABS(*z))))
            return -1;
        *z = *z > 0 ? *z : 0;
    }
    return n < 0 ? -1 : 0;
}

/* Union-find over `parent` (path halving). */
static int find(int *parent, int i) {
    while (parent[i] != i)
        i = parent[i] = parent[parent[i]];
    return i;
}

/* Joins the sets of i and j; returns 1 when they were two sets. */
static int unite(int *parent, int i, int j) {
    if (parent[i] == parent[j])         /* same parent: same set (cheap test first) */
        return 0;
    i = find(parent, i);
    j = find(parent, j);
    if (i == j)
        return 0;
    parent[i < j ? j : i] = i < j ? i : j;
    return 1;
}

/* Turns the union-find forest into labels 0..n-1 (by first index). */
static int label(int *parent, int n) {
    int i, count = 0;
    for (i = 0; i < n; i++)
        parent[i] = find(parent, i);        /* point straight at the root */
    for (i = 0; i < n; i++)                 /* a root is its set's smallest index */
        parent[i] = parent[i] == i ? -(++count) : parent[parent[i]];
    for (i = 0; i < n; i++)
        parent[i] = -parent[i] - 1;
    return count;
}

/* Keeps ws->zc as the best unverified candidate when its residual is the
 * smallest so far (the start of the Newton polish). */
static void keep_best(call *c, ncs_real res) {
    if (res < c->best_res && isfinite(res)) {
        c->best_res = res;
        memcpy(c->ws->best, c->ws->zc, (size_t)c->m * sizeof *c->ws->best);
    }
}

#ifndef NCS_LCP_NO_NEWTON  /* firmware copy: see the call of try_newton */
/* Half the squared Fischer-Burmeister residual of z; writes w = B z + b and
 * phi_i = NCS_SQRT(z_i^2 + w_i^2) - z_i - w_i (zero iff z_i, w_i >= 0 and
 * z_i w_i = 0). */
static ncs_real fb_merit(const call *c, const ncs_real *z, ncs_real *w, ncs_real *phi) {
    int i, j, m = c->m;
    ncs_real s = 0;
    for (i = 0; i < m; i++) {
        const ncs_real *Bi = brow(c, i);
        ncs_real wi = c->b[i];
        for (j = 0; j < m; j++)
            wi += Bi[j] * z[j];
        w[i] = wi;
        phi[i] = NCS_SQRT(z[i] * z[i] + wi * wi) - z[i] - wi;
        s += phi[i] * phi[i];
    }
    return NCS_RC(0.5) * s;
}

/* The last resort (seed 002): semismooth Newton on the Fischer-Burmeister
 * equation Phi(z) = 0 of the full LCP, from the best unverified candidate,
 * with Armijo backtracking on |Phi|^2 / 2. The result is verified like any
 * other. Returns 1 when it verified. */
static int try_newton(call *c) {
    ncs_lcp_workspace *ws = c->ws;
    int m = c->m, i, j, it;
    ncs_real *z = ws->zc, *w = ws->wc, *phi = ws->zr, *d = ws->br, *zt = ws->trial;
    ncs_real f;
    c->attempts++;
    for (i = 0; i < m; i++)
        z[i] = ws->best[i] > 0 ? ws->best[i] : 0;
    f = fb_merit(c, z, w, phi);
    for (it = 0; it < 50 && f > 0; it++) {
        ncs_real t = 1, ft = f;
        for (i = 0; i < m; i++) {           /* J = Da + Db B, rhs -Phi */
            const ncs_real *Bi = brow(c, i);
            ncs_real *Ji = ws->lw.T + (size_t)i * (size_t)m;    /* free: no Lemke run */
            ncs_real r = NCS_SQRT(z[i] * z[i] + w[i] * w[i]);
            ncs_real da = r > 0 ? z[i] / r - 1 : NCS_RC(0.70710678118654752) - 1;
            ncs_real db = r > 0 ? w[i] / r - 1 : NCS_RC(0.70710678118654752) - 1;
            for (j = 0; j < m; j++)
                Ji[j] = db * Bi[j];
            Ji[i] += da;
            d[i] = -phi[i];
        }
        if (ncs_dense_solve(m, ws->lw.T, m, d, ws->perm) != 0)
            break;
        for (; t > NCS_RC(1e-10); t *= NCS_RC(0.5)) {
            for (i = 0; i < m; i++)
                zt[i] = z[i] + t * d[i];
            ft = fb_merit(c, zt, w, phi);
            if (ft <= (1 - NCS_RC(2e-4) * t) * f)
                break;
        }
        if (!(ft <= (1 - NCS_RC(2e-4) * t) * f))
            break;                          /* no descent: give up */
        memcpy(z, zt, (size_t)m * sizeof *z);
        f = ft;
    }
    for (i = 0; i < m; i++)
        if (z[i] < 0)
            z[i] = 0;
    return accept(c);
}
#endif

#if NCS_REAL_IS_FLOAT
/* float only: rounding in the tableau's updates can end Lemke one exchange
 * away from a solution (rows of near-duplicate contacts) or on a ray, where
 * double finds the solution. Repairs the index set J (flags, the basis of
 * z) from the original data (docs/solver.md): re-solve B_JJ z_J = -b_J,
 * compute w = B z + b, and exchange the most violated index (z_j < 0 in J
 * leaves, w_i < 0 outside J enters; each relative to the scale of
 * ncs_lcp_residual), at most REPAIR_CAP times (the examples and tests need
 * at most 7). Returns 1 when zc verified on the full LCP; 0 when it did
 * not, or B_JJ was singular. */
static int try_repair(call *c, unsigned char *J) {
    ncs_lcp_workspace *ws = c->ws;
    int it, i, m = c->m;
    for (it = 0; it < REPAIR_CAP; it++) {
        int worst = -1;
        ncs_real zs = 0, most = c->tol, v;
        if (set_solve(c, J) < 0 ||
            !(residual(c, ws->zc, ws->wc, NULL, 0) < NCS_HUGE))
            return 0;
        for (i = 0; i < m; i++)
            if (NCS_FABS(ws->zc[i]) > zs)
                zs = NCS_FABS(ws->zc[i]);
        for (i = 0; i < m; i++) {
            ncs_real sc = NCS_FABS(c->b[i]) + ws->rmax[i] * zs;
            v = J[i] ? (zs > 0 ? -ws->zc[i] / zs : 0) : (sc > 0 ? -ws->wc[i] / sc : 0);
            if (v > most) {
                most = v;
                worst = i;
            }
        }
        if (worst < 0) {                /* within tolerance: clamp and verify */
            for (i = 0; i < m; i++)
                if (ws->zc[i] < 0)
                    ws->zc[i] = 0;
            return accept(c);
        }
        J[worst] = (unsigned char)!J[worst];
    }
    return 0;
}
#endif

#if !NCS_LCP_SMALL && !NCS_REAL_IS_FLOAT
/* Host, double: re-solves B_JJ z_J = -b_J on the index set J with two
 * rounds of iterative refinement whose residual -b_J - B_JJ z_J is summed
 * in long double (as a solve in higher precision would give, for near
 * misses of an ill-conditioned basis: two nearly parallel contacts), then
 * verifies. Returns 1 when zc verified. */
static int refine_on_set(call *c, const unsigned char *J) {
    ncs_lcp_workspace *ws = c->ws;
    int i, k, n, round;
    if (set_solve(c, J) < 0)
        return 0;
    n = 0;
    for (i = 0; i < c->m; i++)
        if (J[i])
            ws->umap[n++] = i;
    for (round = 0; round < 2; round++) {
        for (i = 0; i < n; i++) {
            const ncs_real *Bi = brow(c, ws->umap[i]);
            long double r = -(long double)c->b[ws->umap[i]];
            for (k = 0; k < n; k++)
                r -= (long double)Bi[ws->umap[k]] * ws->zc[ws->umap[k]];
            ws->trial[i] = (ncs_real)r;
        }
        {
            ncs_real *M = gather(c, n, 1);
            memcpy(ws->br, ws->trial, (size_t)n * sizeof *ws->br);
            if (ncs_dense_solve(n, M, n, ws->br, ws->perm) != 0)
                return 0;
        }
        for (i = 0; i < n; i++)
            ws->zc[ws->umap[i]] += ws->br[i];
    }
    for (i = 0; i < c->m; i++)
        if (ws->zc[i] < 0 && ws->zc[i] >= -c->tol * NCS_RC(1e3) * (1 + -ws->zc[i]))
            ws->zc[i] = 0;
    return accept(c);
}

#endif

/* ---- plain Lemke --------------------------------------------------------- */

/* Plain Lemke on the full LCP, block by block when B is block diagonal up to
 * a permutation, with an active-set re-solve when the tableau's answer misses
 * the tolerance. Returns 1 when zc verified on the full LCP. */
static int lemke_once(call *c, int *path) {
    ncs_lcp_workspace *ws = c->ws;
    int m = c->m, i, j, blk, nblk = 1, st, split = c->decompose && m >= 16;
    for (i = 0; i < m; i++)
        ws->comp[i] = split ? i : 0;
    if (split) {                        /* small LCPs: the scan costs more than it saves */
        int left = m - 1;               /* unions still possible: stop at one block */
        for (i = 0; i < m && left > 0 && c->B; i++) {
            int ri = find(ws->comp, i);  /* a j that points at it is joined already */
            for (j = i + 1; j < m && left > 0; j++)
                if ((c->B[(size_t)i * (size_t)c->ldb + (size_t)j] != 0 ||
                     c->B[(size_t)j * (size_t)c->ldb + (size_t)i] != 0) &&
                    ws->comp[j] != ri && unite(ws->comp, i, j)) {
                    left--;
                    ri = find(ws->comp, i);     /* the union may have moved the root */
                }
        }
        for (i = 0; i < m && left > 0 && !c->B; i++) {  /* by rows: the same sets */
            const ncs_real *Bi = brow(c, i);
            for (j = 0; j < m && left > 0; j++)
                if (Bi[j] != 0 && j != i)
                    left -= unite(ws->comp, i, j);
        }
        nblk = label(ws->comp, m);
    }
    c->blocks = nblk;
    if (nblk == 1) {
        c->attempts++;
        if (c->B) {
            st = ncs_lemke_run(&ws->lw, m, c->B, c->ldb, c->b, cap_for(c, m), ws->zc,
                               ws->zb, &c->pivots, ws->spare, ws->nspare);
        } else {                        /* the rows straight into the tableau */
            ncs_lemke_rows g;
            g.row = block_rows;
            g.ctx = c;
            st = ncs_lemke_run_rows(&ws->lw, m, &g, c->b, cap_for(c, m), ws->zc, ws->zb,
                                    &c->pivots, ws->spare, ws->nspare);
        }
        if (st != NCS_LCP_SOLVED) {
            c->lemke_status = st;

#if NCS_REAL_IS_FLOAT
            if (st == NCS_LCP_RAY && try_repair(c, ws->zb)) {  /* from J = {} */
                *path = NCS_LCP_PATH_POLISH;
                return 1;
            }
#endif
            return 0;
        }
    } else {
        for (blk = 0; blk < nblk; blk++) {
            int n = 0;
            for (i = 0; i < m; i++)
                if (ws->comp[i] == blk)
                    ws->umap[n++] = i;
            for (i = 0; i < n; i++)
                ws->br[i] = c->b[ws->umap[i]];
            c->attempts++;
            st = lemke_block(c, n, ws->umap, 0, ws->inS);
            if (st != NCS_LCP_SOLVED) {
                c->lemke_status = st;
                return 0;
            }
            for (i = 0; i < n; i++) {
                ws->zc[ws->umap[i]] = ws->zr[i];
                ws->zb[ws->umap[i]] = ws->inS[i];
            }
        }
    }
    *path = NCS_LCP_PATH_LEMKE;
    if (accept(c))
        return 1;
    keep_best(c, c->last_res);
    *path = NCS_LCP_PATH_POLISH;
#if NCS_REAL_IS_FLOAT
    if (solve_on_set(c, ws->zb) == 0 && accept(c))
        return 1;
    return try_repair(c, ws->zb);
#elif !NCS_LCP_SMALL
    if (solve_on_set(c, ws->zb) == 0 && accept(c))
        return 1;
    return refine_on_set(c, ws->zb);        /* a near miss: in higher precision */
#else
    return solve_on_set(c, ws->zb) == 0 && accept(c);
#endif
}

/* Plain Lemke (lemke_once), noting whether a run let z0 leave through the
 * looser tie window (c->loose_lemke; see strict_lemke). */
static int try_lemke(call *c, int *path) {
    int ok;
    c->ws->lw.loose_exit = 0;
    ok = lemke_once(c, path);
    c->loose_lemke = c->ws->lw.loose_exit;
    return ok;
}

#if !NCS_LCP_SMALL
/* The last rescue: when plain Lemke let z0 leave through the looser tie
 * window (NCS_TOL_TIE_Z0: a pivot early, the other basic values off by up
 * to that window times the ratio; measured: 1.1e-9 scaled on a 16-row
 * friction LCP of four discs on teeth) and nothing else verified, plain
 * Lemke once more with z0 leaving on true ties only. Last, so that a call
 * another path solved is solved as before. Returns 1 when zc verified. */
static int strict_lemke(call *c, int *path) {
    int ok;
    c->ws->lw.strict_z0 = 1;
    ok = lemke_once(c, path);
    c->ws->lw.strict_z0 = 0;
    return ok;
}
#endif

/* ---- side selection path ------------------------------------------------ */

static int contact_of_u(const call *c, int q) {
    return q < c->nc ? q : (q - c->nc) / c->k;
}

/* Maps every row of the full LCP to the contact that owns it (groups: the
 * first side) so that rows can be checked component by component. */
static void build_owner(call *c) {
    ncs_lcp_workspace *ws = c->ws;
    const ncs_layout *L = c->L;
    const ncs_layout_offsets *o = &c->o;
    int i, j, l, q;
    for (i = 0; i < L->ngroups; i++) {
        int first = ws->gfirst[i], n = L->group_size[i];
        for (l = 0; l < n; l++) {
            j = first + l;
            ws->owner[o->py + j] = j;
            switch (NCS_FORM_OF(L)) {
            case NCS_FORM_MAX:
                ws->owner[o->c + j] = ws->owner[o->g + j] = ws->owner[o->h + j] = j;
                break;
            case NCS_FORM_SUMMATION:
                ws->owner[o->c + j] = j;
                break;
            case NCS_FORM_DIFF_ACCURATE:
                ws->owner[o->gv + j] = j;
                /* fall through */
            case NCS_FORM_DIFF:
                if (l >= 1)
                    ws->owner[o->c + (first - i) + (l - 1)] = j;
                break;
            default:
                break;
            }
        }
        if (NCS_FORM_OF(L) == NCS_FORM_MAX)
            ws->owner[o->d + i] = ws->owner[o->p + i] = first;
        if (NCS_FORM_OF(L) == NCS_FORM_DIFF_ACCURATE)
            ws->owner[o->pd + i] = first;
    }
    for (q = 0; q < c->nu; q++)
        ws->owner[c->ub + q] = contact_of_u(c, q);
    for (j = 0; j < c->nc && NCS_NFRIC(c->k) > 0; j++)
        ws->owner[o->s + j] = j;
}

/* Sets up the convex Stewart LCP of the chosen sides and the convex
 * contacts of component cc (the chosen sides are those flagged in inC):
 * its contacts, their impulses in ws->umap, and its vector in ws->br; its
 * rows come from reduced_rows, straight into Lemke's tableau. Returns the
 * number of contacts. Summation rows of a chosen side add the a rows of
 * every side flagged in inS. */
static int build_reduced(call *c, int cc, int ngc) {
    ncs_lcp_workspace *ws = c->ws;
    const ncs_layout *L = c->L;
    int k = NCS_NFRIC(c->k), ncr = 0, nur, i, j, l, r;
    ncs_real *br = ws->br;
    for (i = 0; i < ngc; i++) {
        int gi = ws->glist[i];
        for (j = ws->gfirst[gi]; j < ws->gfirst[gi] + L->group_size[gi]; j++)
            if (ws->inC[j]) {
                ws->clist[ncr] = j;
                ws->cgroup[ncr++] = gi;
            }
    }
    for (j = c->o.y; j < c->nc; j++)
        if (ws->comp[j] == cc) {
            ws->clist[ncr] = j;
            ws->cgroup[ncr++] = -1;
        }
    nur = ncr * (1 + k);
    c->rk = k;
    c->rncr = ncr;
    c->rnur = nur;
    for (i = 0; i < ncr; i++) {
        ws->umap[i] = ws->clist[i];
        for (l = 0; l < k; l++)
            ws->umap[ncr + i * k + l] = c->nc + ws->clist[i] * k + l;
    }
    for (r = 0; r < nur; r++) {
        if (r < ncr && ws->cgroup[r] >= 0 && NCS_FORM_OF(L) == NCS_FORM_SUMMATION) {
            int gi = ws->cgroup[r], first = ws->gfirst[gi], n = L->group_size[gi], cnt = 0;
            br[r] = 0;
            for (j = first; j < first + n; j++) {
                if (!ws->inS[j])
                    continue;
                cnt++;
                br[r] += c->a0[j];
            }
            br[r] += (ncs_real)(cnt - 1) * L->eps_h;  /* F_i = sum c - eps_h (eq. 30) */
        } else {
            br[r] = c->a0[ws->umap[r]];
        }
    }
    for (i = 0; i < ncr && k > 0; i++)      /* s row: mu p_n - sum p_f */
        br[nur + i] = 0;
    return ncr;
}

/* Row r of the reduced LCP of build_reduced, negated (ncs_lemke_rows): the
 * entries the dense reduced matrix had (rows of A on the reduced impulses,
 * summation's group rows summed over the sides in inS in side order, the
 * ones and -1s and mu of the friction rows). */
static void reduced_rows(const ncs_lemke_rows *g, int r, ncs_real *out, size_t stride) {
    const call *c = (const call *)g->ctx;
    const ncs_lcp_workspace *ws = c->ws;
    int k = c->rk, ncr = c->rncr, nur = c->rnur, mr = nur + (k > 0 ? ncr : 0), q, j, l;
    for (q = nur; q < mr; q++)
        out[(size_t)q * stride] = 0;
    if (r < nur) {
        if (r < ncr && ws->cgroup[r] >= 0 && NCS_FORM_OF(c->L) == NCS_FORM_SUMMATION) {
            int gi = ws->cgroup[r], first = ws->gfirst[gi], n = c->L->group_size[gi];
            for (q = 0; q < nur; q++) {
                ncs_real v = 0;
                for (j = first; j < first + n; j++)
                    if (ws->inS[j])
                        v += AIJ(c, j, ws->umap[q]);
                out[(size_t)q * stride] = -v;
            }
        } else {
            const ncs_real *Ar = c->A + (size_t)ws->umap[r] * c->lda;
            for (q = 0; q < nur; q++)
                out[(size_t)q * stride] = -Ar[ws->umap[q]];
        }
        if (r >= ncr)                       /* p_f row: t + s */
            out[(size_t)(nur + (r - ncr) / k) * stride] = -1;
    } else {                                /* s row: mu p_n - sum p_f */
        int i = r - nur;
        for (q = 0; q < nur; q++)
            out[(size_t)q * stride] = 0;
        out[(size_t)i * stride] = -c->mu[ws->clist[i]];
        for (l = 0; l < k; l++)
            out[(size_t)(ncr + i * k + l) * stride] = 1;
    }
    out[(size_t)r * stride] -= c->gdelta;   /* try_reduced_regularised */
}

/* Lifts the reduced solution zr of component cc (ncr reduced contacts) to
 * the formulation's z in ws->zc, entries of that component only. */
static void lift(call *c, int cc, int ngc, int ncr) {
    ncs_lcp_workspace *ws = c->ws;
    const ncs_layout *L = c->L;
    const ncs_layout_offsets *o = &c->o;
    int k = NCS_NFRIC(c->k), nu = c->nu, nur = ncr * (1 + k), i, j, l, q;
    int all = ONE_COMP(c);                      /* every contact is in cc */
    const int *uown = ws->owner + c->ub;        /* contact of each u */
    ncs_real *z = ws->zc, *a = ws->a;
    for (q = 0; q < nu; q++)
        if (all || ws->comp[uown[q]] == cc)
            ws->u[q] = 0;
    for (q = 0; q < nur; q++)
        ws->u[ws->umap[q]] = ws->zr[q] > 0 ? ws->zr[q] : 0;
    for (i = 0; i < nu; i++) {
        const ncs_real *Ai = c->A + (size_t)i * c->lda;
        ncs_real s = c->a0[i];
        if (!all && ws->comp[uown[i]] != cc)
            continue;
        for (q = 0; q < nur; q++)
            s += Ai[ws->umap[q]] * ws->u[ws->umap[q]];
        a[i] = s;
        z[c->ub + i] = ws->u[i];
    }
    for (j = 0; j < c->nc && k > 0; j++) {  /* idle contacts: smallest s */
        ncs_real s = 0;
        if (ws->comp[j] != cc)
            continue;
        for (l = 0; l < k; l++)
            if (-a[c->nc + j * k + l] > s)
                s = -a[c->nc + j * k + l];
        z[o->s + j] = s;
    }
    for (i = 0; i < ncr && k > 0; i++)
        z[o->s + ws->clist[i]] = ws->zr[nur + i] > 0 ? ws->zr[nur + i] : 0;
    for (i = 0; i < ngc; i++) {
        int gi = ws->glist[i], first = ws->gfirst[gi], n = L->group_size[gi];
        int arg = ws->sel[gi];
        ncs_real cmin = NCS_HUGE, run;
        switch (NCS_FORM_OF(L)) {
        case NCS_FORM_MAX:
            for (j = first; j < first + n; j++) {
                ncs_real cj = 1 - a[j] > 0 ? 1 - a[j] : 0;
                z[o->c + j] = cj;
                z[o->h + j] = a[j] < 0 ? -a[j] : 0;
                z[o->g + j] = 0;
                if (cj < cmin)
                    cmin = cj;
            }
            if (z[o->c + arg] > cmin)      /* g on an argmax side of a */
                for (j = first; j < first + n; j++)
                    if (z[o->c + j] == cmin) {
                        arg = j;
                        break;
                    }
            z[o->g + arg] = 1;
            z[o->d + gi] = L->gamma - cmin > 0 ? L->gamma - cmin : 0;
            z[o->p + gi] = 0;
            break;
        case NCS_FORM_SUMMATION:
            for (j = first; j < first + n; j++)
                z[o->c + j] = a[j] + L->eps_h > 0 ? a[j] + L->eps_h : 0;
            break;
        case NCS_FORM_DIFF:
        case NCS_FORM_DIFF_ACCURATE:
            run = a[first];                 /* running max of a over the sides */
            for (l = 1; l < n; l++) {
                ncs_real cl = a[first + l] - run;
                cl = cl > 0 ? cl : 0;
                z[o->c + (first - gi) + (l - 1)] = cl;
                run += cl;
            }
            if (NCS_FORM_OF(L) == NCS_FORM_DIFF_ACCURATE) {
                for (j = first; j < first + n; j++)
                    z[o->gv + j] = a[j] < 0 ? -a[j] : 0;
                z[o->pd + gi] = 0;
            }
            break;
        default:
            break;
        }
    }
}

/* Scaled residual (ncs_lcp_residual) of ws->zc over the rows of component
 * cc, with the groups' condition (group_residual). */
static ncs_real part_residual(call *c, int cc) {
    ncs_lcp_workspace *ws = c->ws;
    ncs_real res, g;
    res = residual(c, ws->zc, NULL, ONE_COMP(c) ? NULL : ws->owner, cc);
    g = group_residual(c, ws->zc, cc, 0);     /* float, max form */
    res = g > res ? g : res;
#if !NCS_LCP_SMALL
    c->part_res = res;
#endif
    return res;
}

#if !NCS_LCP_SMALL
#if NCS_REAL_IS_FLOAT
#define REG_DELTA_SMALL NCS_RC(1e-5)
#define REG_DELTA_LARGE NCS_RC(1e-3)
#else
#define REG_DELTA_SMALL NCS_RC(1e-9)
#define REG_DELTA_LARGE NCS_RC(1e-6)
#endif

/* The scaled residual (ncs_row_measure) of ws->zr on the reduced LCP of
 * the last build_reduced (mr rows), and its largest entry in *big; row:
 * mr reals of scratch. */
static ncs_real reduced_residual(call *c, int mr, ncs_real *row, ncs_real *big) {
    ncs_lcp_workspace *ws = c->ws;
    ncs_lemke_rows g;
    ncs_real zs = 0, res = 0;
    int i, j;
    g.ctx = c;
    *big = 0;
    for (i = 0; i < mr; i++)
        zs = NCS_FABS(ws->zr[i]) > zs ? NCS_FABS(ws->zr[i]) : zs;
    for (i = 0; i < mr; i++) {
        ncs_real w = ws->br[i], rmax = 0, ri;
        reduced_rows(&g, i, row, 1);        /* negated */
        for (j = 0; j < mr; j++) {
            w -= row[j] * ws->zr[j];
            rmax = NCS_FABS(row[j]) > rmax ? NCS_FABS(row[j]) : rmax;
        }
        *big = rmax > *big ? rmax : *big;
        ri = ncs_row_measure(ws->zr[i], w, ws->br[i], rmax, zs, NULL);
        res = ri > res ? ri : res;
    }
    return res;
}

/* A reduced LCP whose contacts are nearly redundant (two corners of a box
 * flat on the floor and a box pushing it, with friction: the reduced A is
 * singular up to rounding) is degenerate, and which path Lemke's ratio
 * tests take there turns on the last bits of the data: one path ends 1e-5
 * off (rounding in the tableau on a near-singular basis), another exact.
 * When Lemke's reduced answer misses its own LCP (not only the lift: a
 * choice that is wrong is left alone), Lemke runs again on the reduced LCP
 * with z0 leaving on true ties only (when it left through the looser
 * window), then with delta I added (delta relative to the largest entry:
 * the perturbed LCP is not degenerate); each run's basis J (read from the
 * run's own index arrays) is re-solved on the reduced LCP itself,
 * M_JJ z_J = -b_J, and the answer is lifted and verified as any attempt
 * (docs/solver.md, "Reduced restart"). Only in the strategy's last pass
 * (the search once more, after every other path failed) and while the
 * component has no verified attempt (c->ebest): a rescue, not a search for
 * lower energies (it costs up to four Lemke runs, against the call's work
 * budget), so a call that solved before solves as before. Returns 1 when
 * ws->zc verified on component cc. Otherwise the attempt's own answer is
 * made again (the same run) and lifted, so ws->a and ws->zc are as they
 * were (reselect reads them). Memory: the tableau and Lemke's index arrays
 * only (ws->trial and ws->zb hold the search's best choice, offer()). */
static int try_reduced_regularised(call *c, int cc, int ngc, int ncr, int mr, int loose) {
    ncs_lcp_workspace *ws = c->ws;
    ncs_lemke_work *lw = &ws->lw;
    ncs_real *M = lw->T, *row = M + (size_t)mr * (size_t)mr, *rhs = row + mr, big;
    ncs_lemke_rows g;
    int round, i, j, n, a, b, st;
    if (!c->restartpass || mr == 0 || c->ebest < NCS_HUGE ||
        !(reduced_residual(c, mr, row, &big) > c->tol))
        return 0;                       /* a rescue: only while nothing verified */
    g.ctx = c;
    for (round = loose ? 0 : 1; round < 3 && !over_budget(c); round++) {
        c->attempts++;
        lw->strict_z0 = 1;
        c->gdelta = round == 0 ? 0 : big * (round == 2 ? REG_DELTA_LARGE : REG_DELTA_SMALL);
        st = lemke_on_br(c, mr, NULL);
        c->gdelta = 0;
        lw->strict_z0 = 0;
        if (st != NCS_LCP_SOLVED)
            continue;
#define BASIC(j) (lw->where[mr + (j)] >= 0)    /* z_j basic at the run's end */
        for (i = 0, n = 0; i < mr; i++)
            n += BASIC(i);
        for (i = 0, a = 0; i < mr; i++) {   /* M_JJ and -b_J, from the reduced rows */
            if (!BASIC(i))
                continue;
            reduced_rows(&g, i, row, 1);
            for (j = 0, b = 0; j < mr; j++)
                if (BASIC(j))
                    M[(size_t)a * (size_t)n + (size_t)b++] = -row[j];
            rhs[a++] = -ws->br[i];
        }
        if (ncs_dense_solve(n, M, n, rhs, lw->cand) != 0)  /* ws->perm: enumerate() */
            continue;
        for (i = 0, a = 0; i < mr; i++) {
            ncs_real v = BASIC(i) ? rhs[a++] : 0;
            ws->zr[i] = v > 0 ? v : 0;
        }
#undef BASIC
        lift(c, cc, ngc, ncr);
        if (part_residual(c, cc) <= c->tol)
            return 1;
    }
    if (lemke_on_br(c, mr, NULL) == NCS_LCP_SOLVED) {    /* the attempt's own run */
        lift(c, cc, ngc, ncr);
        part_residual(c, cc);
    }
    return 0;
}
#define REDUCED_REGULARISED(c, cc, ngc, ncr, mr, loose) \
    try_reduced_regularised(c, cc, ngc, ncr, mr, loose)
#else
#define REDUCED_REGULARISED(c, cc, ngc, ncr, mr, loose) 0
#endif

#ifndef NCS_LCP_NO_FRICTION
enum { FRIC_STATES_MAX = 4 };   /* chosen contacts whose states are enumerated */

/* The convex Stewart LCP of a choice can have several solutions when
 * contacts touch at one point (a rigid corner in a reflex vertex: every
 * piece's side there), and Lemke's may break a condition of a group
 * without impulse that another one meets. With few chosen contacts (at
 * most FRIC_STATES_MAX), each one either off (p_n = f = 0) or active
 * (a_j = 0) in a friction state (stick: t_j = 0; slide: the friction of one
 * direction is mu p_n), the 2 ncr x 2 ncr system in (p_n, f = p_f0 - p_f1)
 * is solved densely for each of the 4^ncr states, lifted and verified like
 * an attempt. Needs opposite friction directions (checked). Returns 1 when
 * one verified. */
static int try_fric_states(call *c, int cc, int ngc, int ncr) {
    ncs_lcp_workspace *ws = c->ws;
    int k = NCS_NFRIC(c->k), nu = c->nu, n2 = 2 * ncr, nur = ncr * (1 + k);
    int i, j, code, ncode = 1;
    ncs_real *M = ws->lw.T, *x = ws->br;   /* the tableau: free between runs */
    if (k != 2 || ncr < 1 || ncr > FRIC_STATES_MAX)
        return 0;
    for (i = 0; i < ncr; i++) {         /* directions opposite (2D) */
        int f0 = ws->umap[ncr + i * k], f1 = f0 + 1;
        if (c->a0[f0] != -c->a0[f1])
            return 0;
        for (j = 0; j < nu; j++)
            if (AIJ(c, f0, j) != -AIJ(c, f1, j))
                return 0;
        ncode *= 4;
    }
    for (code = 0; code < ncode; code++) {
        int rest = code;
        for (i = 0; i < ncr; i++, rest /= 4) {
            /* st: 0 stick, 1 slide (f = mu p_n), 2 slide (f = -mu p_n), 3 off */
            int st = rest % 4, qn = ws->umap[i], qf = ws->umap[ncr + i * k];
            int rowq[2], r;
            rowq[0] = st == 3 ? -1 : qn;
            rowq[1] = st == 0 ? qf : -1;
            for (r = 0; r < 2; r++) {
                ncs_real *Mi = M + (size_t)(r * ncr + i) * (size_t)n2;
                if (rowq[r] < 0) {      /* off: p_n = 0, f = 0; slide: f -+ mu p_n = 0 */
                    for (j = 0; j < n2; j++)
                        Mi[j] = 0;
                    if (st == 3) {
                        Mi[r * ncr + i] = 1;
                    } else {
                        Mi[i] = st == 1 ? -c->mu[ws->clist[i]] : c->mu[ws->clist[i]];
                        Mi[ncr + i] = 1;
                    }
                    x[r * ncr + i] = 0;
                    continue;
                }
                for (j = 0; j < ncr; j++) {
                    Mi[j] = AIJ(c, rowq[r], ws->umap[j]);
                    Mi[ncr + j] = AIJ(c, rowq[r], ws->umap[ncr + j * k]);
                }
                x[r * ncr + i] = -c->a0[rowq[r]];
            }
        }
        if (over_budget(c))
            return 0;
        c->attempts++;
        if (ncs_dense_solve(n2, M, n2, x, ws->lw.cand) != 0)   /* ws->perm: enumerate() */
            continue;
        for (i = 0, rest = code; i < ncr; i++, rest /= 4) {
            int qf = ws->umap[ncr + i * k];
            ncs_real f = x[ncr + i], t = c->a0[qf];
            for (j = 0; j < ncr; j++)
                t += AIJ(c, qf, ws->umap[j]) * x[j] +
                     AIJ(c, qf, ws->umap[ncr + j * k]) * x[ncr + j];
            ws->zr[i] = x[i];
            ws->zr[ncr + i * k] = f > 0 ? f : 0;
            ws->zr[ncr + i * k + 1] = f < 0 ? -f : 0;
            /* s: 0 sticking, -t_l sliding against direction l, the
             * smallest s >= |t| when off */
            ws->zr[nur + i] = rest % 4 == 0 ? 0 : rest % 4 == 1 ? -t : rest % 4 == 2 ? t
                            : NCS_FABS(t);
        }
        lift(c, cc, ngc, ncr);
        if (part_residual(c, cc) <= c->tol)
            return 1;
    }
    return 0;
}
/* The friction states after a failed attempt of the second pass (not for
 * summation, whose chosen rows are group rows). */
#define FRIC_STATES(c, cc, ngc, ncr) \
    ((c)->fricpass && NCS_FORM_OF((c)->L) != NCS_FORM_SUMMATION && \
     try_fric_states(c, cc, ngc, ncr))
#else
#define FRIC_STATES(c, cc, ngc, ncr) 0
#endif

/* With friction (not summation): 1 when the choice (inC) cannot beat the
 * best energy c->ebest. Every z the attempt can return keeps v' in the
 * chosen sides' and the convex contacts' half-planes, so its energy is at
 * least that of the frictionless projection onto them: the convex LCP of
 * the same contacts without friction rows (ncr rows against 4 ncr), which
 * costs a fraction of the frictional attempt. A ray there (no v' in all of
 * them) rules the choice out too. Pruning only: the same smallest energy
 * with fewer frictional attempts (docs/solver.md, "Exact search"). In the
 * firmware copy too (its pivots and attempts must be the host's; without
 * friction it compiles to nothing). */
static int fric_bound_prunes(call *c, int cc, int ngc) {
    ncs_lcp_workspace *ws = c->ws;
    int k = c->k, ncr, i, j, st;
    ncs_real e = 0;
    if (NCS_NFRIC(k) == 0 || NCS_FORM_OF(c->L) == NCS_FORM_SUMMATION || !(c->ebest < NCS_HUGE))
        return 0;
    c->k = 0;                           /* the normal rows only */
    ncr = build_reduced(c, cc, ngc);
    c->k = k;
    if (ncr == 0)
        return 0;
    st = lemke_on_br(c, ncr, NULL);
    if (st == NCS_LCP_RAY)
        return 1;
    if (st != NCS_LCP_SOLVED)
        return 0;
    for (i = 0; i < ncr; i++)
        for (j = 0; j < ncr; j++)
            e += ws->zr[i] * AIJ(c, ws->umap[i], ws->umap[j]) * ws->zr[j];
    return e >= c->ebest;
}

/* One selection attempt on component cc: reduced Lemke, lift, verify the
 * component's rows. For summation the row sets inS are refined from the
 * answer a few times. Returns 1 when verified, 0 when not, -1 when the
 * reduced Lemke failed. */
static int try_selection(call *c, int cc, int ngc) {
    ncs_lcp_workspace *ws = c->ws;
    const ncs_layout *L = c->L;
    int round, i, j, st, ncr, mr;
    ncs_real res;
    for (i = 0; i < ngc; i++) {
        int gi = ws->glist[i];
        for (j = ws->gfirst[gi]; j < ws->gfirst[gi] + L->group_size[gi]; j++)
            ws->inS[j] = ws->inC[j];
    }
    if (fric_bound_prunes(c, cc, ngc))
        return 0;
    for (round = 0; round < 4; round++) {
        int changed = 0;
        ncr = build_reduced(c, cc, ngc);
        mr = ncr * (1 + NCS_NFRIC(c->k)) + (NCS_NFRIC(c->k) > 0 ? ncr : 0);
        c->attempts++;
#if NCS_REAL_IS_FLOAT
        for (i = 0, c->rscale = 0; i < mr; i++)    /* offer()'s strict tier */
            c->rscale = NCS_FABS(ws->br[i]) > c->rscale ? NCS_FABS(ws->br[i]) : c->rscale;
#endif
        ws->lw.loose_exit = 0;
        st = mr == 0 ? NCS_LCP_SOLVED      /* no contact carries impulse */
             : lemke_on_br(c, mr, NULL);
        if (st != NCS_LCP_SOLVED) {
            c->lemke_status = st;
            return FRIC_STATES(c, cc, ngc, ncr) ? 1 : -1;
        }
        lift(c, cc, ngc, ncr);
        res = part_residual(c, cc);
        if (res <= c->tol)
            return 1;
        c->unverified = 1;
        keep_best(c, res);
        if (REDUCED_REGULARISED(c, cc, ngc, ncr, mr, ws->lw.loose_exit))
            return 1;
        if (FRIC_STATES(c, cc, ngc, ncr))
            return 1;
        if (NCS_FORM_OF(L) != NCS_FORM_SUMMATION)
            return 0;
        for (i = 0; i < ngc; i++) {
            int gi = ws->glist[i];
            for (j = ws->gfirst[gi]; j < ws->gfirst[gi] + L->group_size[gi]; j++) {
                unsigned char want = ws->a[j] + L->eps_h > 0 || ws->inC[j];
                changed |= want != ws->inS[j];
                ws->inS[j] = want;
            }
        }
        if (!changed)
            return 0;
    }
    return 0;
}

/* Moves each group's choice to its side of largest a (the answer of the
 * last attempt). Returns 1 when some choice changed. */
static int reselect(call *c, int ngc) {
    ncs_lcp_workspace *ws = c->ws;
    int i, j, changed = 0;
    for (i = 0; i < ngc; i++) {
        int gi = ws->glist[i], best = ws->sel[gi];
        for (j = ws->gfirst[gi]; j < ws->gfirst[gi] + c->L->group_size[gi]; j++)
            if (ws->a[j] > ws->a[best])
                best = j;
        changed |= best != ws->sel[gi];
        ws->sel[gi] = best;
    }
    return changed;
}

/* Makes side sel[gi] the only impulse-carrying side of group gi. */
static void set_selected(call *c, int gi) {
    ncs_lcp_workspace *ws = c->ws;
    int first = ws->gfirst[gi], n = c->L->group_size[gi], j;
    for (j = first; j < first + n; j++)
        ws->inC[j] = j == ws->sel[gi];
}

/* ---- choosing among verified solutions: the projection principle ------- *
 * Frictionless, the Stewart-Trinkle step is the M-metric projection of the
 * free-flight velocity onto the velocities that satisfy the linearised
 * constraints, and ||v' - v_free||_M^2 = u^T A u. A nonconvex group allows a
 * union of half-planes, so the physical answer is the verified solution of
 * smallest u^T A u (docs/solver.md, "Which solution"). Every verified
 * solution keeps v' in the half-plane of each convex contact and of each
 * impulse-carrying side (summation: shifted by eps_h), and in one half-plane
 * of every group; the M-distance of v_free to a half-plane, side_bound(),
 * bounds the energy from below. That prunes the enumeration and certifies a
 * solution as the smallest. Summation relaxes each group by eps_h (a body
 * may end up to about epsilon / 2 inside a piece near its vertices): its
 * bounds use the relaxed half-planes a_j >= -eps_h. */

/* Squared M-distance from v_free to the half-plane a_j >= -shift of contact
 * j (shift = eps_h for summation sides, else 0): max(0, -(a0_j + shift))^2
 * / A_jj, or 0 when A_jj is not positive. */
static ncs_real side_bound_of(const call *c, int j) {
    ncs_real s = c->a0[j], d = AIJ(c, j, j);
    if (j < c->o.y && NCS_FORM_OF(c->L) == NCS_FORM_SUMMATION)
        s += c->L->eps_h;
    return s < 0 && d > 0 ? s * s / d : 0;
}

#if NCS_LCP_SMALL
#define side_bounds(c) ((void)0)
#define side_bound(c, j) side_bound_of(c, j)
#else
/* The search reads each side_bound many times: computed once per call
 * (prepare) into ws->wc, which nothing else uses until the path's final
 * accept (the workspace bound NCS_LCP_WORKSPACE_REALS has no room for
 * another m-vector at large m). */
static void side_bounds(call *c) {
    int j;
    for (j = 0; j < c->nc; j++)
        c->ws->wc[j] = side_bound_of(c, j);
}
#define side_bound(c, j) ((c)->ws->wc[j])
#endif

/* Impulse energy u^T A u of component cc of the full z (= ||v' - v_free||_M^2
 * of the component's bodies when A is the Delassus matrix); NCS_HUGE when
 * the sum overflows into NaN, which would make every later comparison with
 * the best false (found by tests/fuzz: the enumeration then restarted
 * forever). */
static ncs_real energy(const call *c, const ncs_real *z, int cc) {
    const ncs_lcp_workspace *ws = c->ws;
    const ncs_real *u = z + c->ub;
    int q, r, n = 0, *nz = ws->lw.rows, all = ONE_COMP(c); /* rows: free between Lemke runs */
    ncs_real e = 0;
    for (q = 0; q < c->nu; q++) {           /* the component's nonzero u, in order */
        nz[n] = q;
        n += u[q] != 0 && (all || ws->comp[ws->owner[c->ub + q]] == cc);
    }
    for (q = 0; q < n; q++) {
        const ncs_real *Aq = c->A + (size_t)nz[q] * c->lda;
        ncs_real s = 0;
        for (r = 0; r < n; r++)
            s += Aq[nz[r]] * u[nz[r]];
        e += u[nz[q]] * s;
    }
    return isnan(e) ? NCS_HUGE : e;     /* overflow (inf - inf) ranks last */
}

/* Lists the groups of component cc in ws->glist; returns how many. */
static int groups_of(call *c, int cc) {
    int i, ngc = 0;
    for (i = 0; i < c->L->ngroups; i++)
        if (c->ws->comp[c->ws->gfirst[i]] == cc)
            c->ws->glist[ngc++] = i;
    return ngc;
}

/* Lower bound of the energy of every verified solution on component cc:
 * the largest side_bound of its convex contacts and, per group, the
 * smallest side_bound of its sides. */
static ncs_real comp_bound(const call *c, int cc, int ngc) {
    const ncs_lcp_workspace *ws = c->ws;
    int i, j;
    ncs_real lb = 0;
    for (j = c->o.y; j < c->nc; j++)
        if (ws->comp[j] == cc && side_bound(c, j) > lb)
            lb = side_bound(c, j);
    for (i = 0; i < ngc; i++) {
        int first = ws->gfirst[ws->glist[i]], n = c->L->group_size[ws->glist[i]];
        ncs_real gmin = NCS_HUGE;
        for (j = first; j < first + n; j++)
            if (side_bound(c, j) < gmin)
                gmin = side_bound(c, j);
        if (gmin > lb)
            lb = gmin;
    }
    return lb;
}

/* The bound for the current choice (inC): comp_bound raised by the
 * impulse-carrying sides, which a verified attempt keeps in their
 * half-planes (summation: a_j >= -eps_h, since c_j = a_j + eps_h enters the
 * group row). */
static ncs_real choice_bound(const call *c, int ngc, ncs_real lb) {
    const ncs_lcp_workspace *ws = c->ws;
    int i, j;
    for (i = 0; i < ngc; i++) {
        int first = ws->gfirst[ws->glist[i]], n = c->L->group_size[ws->glist[i]];
        for (j = first; j < first + n; j++)
            if (ws->inC[j] && side_bound(c, j) > lb)
                lb = side_bound(c, j);
    }
    return lb;
}

/* 1 when side l ranks before side j of their group: smaller side_bound,
 * then larger a0 (the more plausible), then smaller index. */
static int ranks_before(const call *c, ncs_real bl, int l, ncs_real bj, int j) {
    const ncs_real *a0 = c->a0;
    return bl < bj || (bl == bj && (a0[l] > a0[j] || (a0[l] == a0[j] && l < j)));
}

/* Orders the sides of every group by rank (ranks_before) into ws->ranked,
 * once per call: ws->ranked[gfirst[gi] + t] is the side of rank t. */
static void rank_sides(call *c) {
    ncs_lcp_workspace *ws = c->ws;
    int gi, t, u;
    for (gi = 0; gi < c->L->ngroups; gi++) {
        int first = ws->gfirst[gi], n = c->L->group_size[gi], *rk = ws->ranked + first;
        for (t = 0; t < n; t++) {           /* insertion sort: groups are small */
            int j = first + t;
            ncs_real bj = side_bound(c, j);
            for (u = t; u > 0 && ranks_before(c, bj, j, side_bound(c, rk[u - 1]), rk[u - 1]);
                 u--)
                rk[u] = rk[u - 1];
            rk[u] = j;
        }
    }
}

/* The side of group gi of rank t (rank_sides). */
static int ranked_side(const call *c, int gi, int t) {
    return c->ws->ranked[c->ws->gfirst[gi] + t];
}

/* The state of one component's search for its smallest-energy solution. */
typedef struct pick {
    int cc, ngc;        /* component and its number of groups */
    int found;          /* ws->trial holds a verified z for the component */
    int loose;          /* float: it holds a group only within the loose check */
    ncs_real best;      /* its energy */
    ncs_real lb;        /* comp_bound */
    ncs_real slack;     /* relative tolerance of energy comparisons */
} pick;

/* Offers the verified attempt in ws->zc: kept (component rows copied to
 * ws->trial, choices to ws->prev_sel and ws->zb) when it is the first or
 * clearly smaller in energy than the best so far. In float (max form) an
 * attempt that pushes a group below max_j a_j >= 0 by more than its strict
 * measure allows (group_residual, strict) is loose: it verified only
 * against the group's largest terms, which a far side's gap/h can make so
 * large that a seam's overlap (2e-4) passes (room, step 275:
 * docs/embedded.md). A loose attempt never replaces one that is not and
 * prunes nothing (admissible, choice_bound, certain), so the search goes on
 * for a solution that holds every group; the loose one is kept when none
 * turns up. */
static void offer(call *c, pick *p) {
    ncs_lcp_workspace *ws = c->ws;
    ncs_real e = energy(c, ws->zc, p->cc);
    int i, j, loose = group_residual(c, ws->zc, p->cc, 1) > c->tol;
    if (p->found && (loose > p->loose || (loose == p->loose && !(e < p->best * (1 - p->slack)))))
        return;
    if (ONE_COMP(c))
        memcpy(ws->trial, ws->zc, (size_t)c->m * sizeof *ws->trial);
    else
        for (i = 0; i < c->m; i++)
            if (ws->comp[ws->owner[i]] == p->cc)
                ws->trial[i] = ws->zc[i];
    for (i = 0; i < p->ngc; i++) {
        int gi = ws->glist[i];
        ws->prev_sel[gi] = ws->sel[gi];
        for (j = ws->gfirst[gi]; j < ws->gfirst[gi] + c->L->group_size[gi]; j++)
            ws->zb[j] = ws->inC[j];
    }
    p->best = e;
    p->found = 1;
    p->loose = loose;
#if !NCS_LCP_SMALL
    c->kept_res = c->part_res;          /* offered right after its part_residual */
#endif
}

/* 1 when the current choice (inC) is that of the kept attempt. */
static int same_choice(const call *c, const pick *p) {
    const ncs_lcp_workspace *ws = c->ws;
    int i, j;
    if (!p->found)
        return 0;
    for (i = 0; i < p->ngc; i++) {
        int gi = ws->glist[i];
        for (j = ws->gfirst[gi]; j < ws->gfirst[gi] + c->L->group_size[gi]; j++)
            if (ws->inC[j] != ws->zb[j])
                return 0;
    }
    return 1;
}

/* 1 when the verified z (component cc, groups in ws->glist, energy e) is
 * certainly the smallest: e reaches the lower bound lb, or (frictionless,
 * max and diff forms, where it is the projection onto the intersection C of
 * its impulse-carrying sides' half-planes and the convex contacts) every
 * group has at most one impulse-carrying side j and all its other sides
 * are at least e away: a smaller v' would lie outside some H_j of C, hence
 * in another side's half-plane of that group, at least e away. */
static int proven(const call *c, const ncs_real *z, int ngc, ncs_real e, ncs_real lb,
                  ncs_real slack) {
    const ncs_lcp_workspace *ws = c->ws;
    int i, j, l;
    if (e <= lb * (1 + slack))
        return 1;
    if (NCS_NFRIC(c->k) > 0 || NCS_FORM_OF(c->L) == NCS_FORM_SUMMATION)
        return 0;
    for (i = 0; i < ngc; i++) {
        int first = ws->gfirst[ws->glist[i]], n = c->L->group_size[ws->glist[i]], push = -1;
        for (j = first; j < first + n; j++)
            if (z[c->ub + j] > 0) {
                if (push >= 0)
                    return 0;
                push = j;
            }
        for (l = first; l < first + n && push >= 0; l++)
            if (l != push && side_bound(c, l) < e * (1 - slack))
                return 0;
    }
    return 1;
}

/* 1 when the kept attempt is proven the smallest. */
static int certain(const call *c, const pick *p) {
    return p->found && !p->loose && proven(c, c->ws->trial, p->ngc, p->best, p->lb, p->slack);
}

/* Number of sides of group gi that may carry impulse in a candidate that
 * can still beat the best: those with side_bound below it (a prefix of the
 * ranked sides). */
static int admissible(const call *c, const pick *p, int gi) {
    int first = c->ws->gfirst[gi], n = c->L->group_size[gi], j, K = 0;
    if (!p->found || p->loose)
        return n;
    for (j = first; j < first + n; j++)
        K += side_bound(c, j) < p->best * (1 - p->slack);
    return K;
}

/* Digits of one group in the enumeration, among its K admissible sides:
 * a single side (by rank) or no side at all (the group carries no impulse
 * and must hold by itself; first when free flight already satisfies one of
 * its sides, after the singles otherwise), then every pair of them (a point
 * at a vertex touches two; both in the convex LCP). The empty choice is
 * left out (em = 0) when a single side j is admissible and free flight
 * violates it: a better v' must then lie in H_j, and the choice of j finds
 * it (the same projection; so only frictionless and not for summation,
 * whose group condition is not the union of the half-planes). */
static int has_empty(const call *c, const pick *p, int gi, int K) {
    return !p->found || p->loose || K != 1 || side_bound(c, ranked_side(c, gi, 0)) <= 0 ||
           NCS_NFRIC(c->k) > 0 || NCS_FORM_OF(c->L) == NCS_FORM_SUMMATION;
}

/* Frictionless, max and diff forms: the smallest energy is the projection
 * onto the union of the half-planes, which one side per group reaches (a
 * group's side that holds v' at the projection, impulse or not, gives the
 * same convex LCP and the same answer), so the digits are the single sides
 * only: no empty choice, no pairs (docs/solver.md, "Exact search"). */
static int singles_only(const call *c) {
    (void)c;                            /* a constant in a specialised copy */
    return NCS_NFRIC(c->k) == 0 && NCS_FORM_OF(c->L) != NCS_FORM_SUMMATION;
}

/* Two impulse-carrying sides of one group: only with friction, and only in
 * the forms with a row per side (max, diff-accurate). A basic solution of
 * summation or diff has at most one per group: every side's p_y row of a
 * group is the same row (the group row), so two of them make B_JJ
 * singular; frictionless, the projection needs one (singles_only). */
static int with_pairs(const call *c) {
    (void)c;                            /* a constant in a specialised copy */
    return NCS_NFRIC(c->k) > 0 &&
           (NCS_FORM_OF(c->L) == NCS_FORM_MAX || NCS_FORM_OF(c->L) == NCS_FORM_DIFF_ACCURATE);
}

/* Digits of a group: t = 4 K + 2 pairs + em (ws->top). */
static long radix(int t) {
    long K = t / 4;
    return K + t % 2 + (t / 2 % 2 ? K * (K - 1) / 2 : 0);
}

/* Sets group gi's impulse-carrying set to digit d (see radix()). */
static void set_digit(call *c, int gi, int t, long d) {
    ncs_lcp_workspace *ws = c->ws;
    int first = ws->gfirst[gi], n = c->L->group_size[gi], j, l, K = t / 4, em = t % 2;
    int free_ok = side_bound(c, ranked_side(c, gi, 0)) <= 0, late = em && !free_ok;
    for (j = first; j < first + n; j++)
        ws->inC[j] = 0;
    ws->sel[gi] = ranked_side(c, gi, 0);    /* the empty choice: nothing flagged */
    if (em && free_ok && d-- == 0)
        return;
    if (d < K) {
        ws->sel[gi] = ranked_side(c, gi, (int)d);
        ws->inC[ws->sel[gi]] = 1;
        return;
    }
    d -= K + late;
    for (j = 0; j < K && d >= 0; j++)
        for (l = j + 1; l < K && d >= 0; l++)
            if (d-- == 0) {
                ws->sel[gi] = ranked_side(c, gi, j);
                ws->inC[ws->sel[gi]] = ws->inC[ranked_side(c, gi, l)] = 1;
            }
}

/* Follows the answers from the choices in ws->sel: an attempt with one side
 * per group, then every group moves to its side of largest a, until one
 * verifies (offered) or nothing changes; at most 2 g + 4 attempts. */
static void follow(call *c, pick *p) {
    int i, it, r;
    for (it = 0; it < 2 * p->ngc + 4; it++) {
        for (i = 0; i < p->ngc; i++)
            set_selected(c, c->ws->glist[i]);
        r = try_selection(c, p->cc, p->ngc);
        if (r == 1) {
            offer(c, p);
            return;
        }
        if (r < 0 || !reselect(c, p->ngc))
            return;
    }
}

/* Finds the verified selection of smallest energy for component cc: follow
 * the answers from the previous step's choices (when seeded), then
 * enumerate the choices in order of their total rank (one group off its
 * most plausible side, then two, ...) over the sides that can still beat
 * the best, and, cold, follow the answers from the most plausible
 * sides when nothing verified (the enumeration is capped). Returns 1 when
 * ws->trial holds a verified solution of the component. */
/* Largest digit of group i of the component (ws->top: 4 K + 2 pairs + em). */
static long top_digit(const ncs_lcp_workspace *ws, int i) {
    return radix(ws->top[i]) - 1;
}

/* Next digit vector (ws->perm, group i's digit at i) with the same digit
 * sum, in increasing mixed-radix order (digit 0 least significant): the
 * lowest position j above the lowest nonzero digit that can grow takes one
 * unit, the rest of the sum below j is refilled from the bottom. The first
 * vector of a level is the refill of the whole sum. Returns 0 when there is
 * no further vector (or, for first, the sum does not fit). */
static int next_digits(const call *c, const pick *p, long sum, int first) {
    int *d = c->ws->perm, n = p->ngc, i, j = 0;
    if (!first) {
        for (i = 0; i < n && d[i] == 0; i++)
            ;
        for (j = i + 1; j < n && d[j] >= top_digit(c->ws, j); j++)
            ;
        if (j >= n)                     /* also when every digit is 0 */
            return 0;
        for (i = 0, sum = -1; i < j; i++)
            sum += d[i];
        d[j]++;
    } else {
        j = n;
    }
    for (i = 0; i < j; i++) {
        d[i] = (int)(sum < top_digit(c->ws, i) ? sum : top_digit(c->ws, i));
        sum -= d[i];
    }
    return sum == 0;
}

/* Enumerates the component's choices level by level of the digit sum (one
 * group off its most plausible choice, then two, ...) over the sides that
 * can still beat the best, restarted with fewer admissible sides whenever
 * the best improves (ws->perm holds the digits). Only choices whose lower
 * bound cannot beat the best are skipped, so the search is exact over the
 * choices unless the call's work budget stops it: returns 1 when it ran to
 * the end (or the best is proven), 0 when the budget cut it short. */
static int enumerate(call *c, pick *p) {
    ncs_lcp_workspace *ws = c->ws;
    int i, more;
    long lev, maxlev;
    for (lev = 0, maxlev = -1; !certain(c, p); lev++) {
        ncs_real old = p->best;
        if (maxlev < 0) {
            for (i = 0, maxlev = 0; i < p->ngc; i++) {
                int gi = ws->glist[i], K = admissible(c, p, gi);
                ws->top[i] = singles_only(c) ? 4 * K
                             : 4 * K + 2 * with_pairs(c) + has_empty(c, p, gi, K);
                maxlev += top_digit(ws, i);
            }
            lev = 0;
        }
        if (lev > maxlev)
            break;
        for (more = next_digits(c, p, lev, 1); more && (p->best == old || p->loose);
             more = next_digits(c, p, lev, 0)) {
            for (i = 0; i < p->ngc; i++)
                set_digit(c, ws->glist[i], ws->top[i], ws->perm[i]);
            if (p->found && ((!p->loose && choice_bound(c, p->ngc, p->lb) >=
                                               p->best * (1 - p->slack)) ||
                             same_choice(c, p)))
                continue;                   /* cannot beat the best */
            if (over_budget(c))
                return 0;
            c->ebest = p->found && !p->loose ? p->best * (1 - p->slack) : NCS_HUGE;
            if (try_selection(c, p->cc, p->ngc) == 1)
                offer(c, p);
        }
        if (p->best < old && !p->loose)
            maxlev = -1;                    /* restart (nothing loose prunes) */
    }
    return 1;
}

static int solve_component(call *c, int cc) {
    ncs_lcp_workspace *ws = c->ws;
    int i;
    pick p;
    p.cc = cc;
    p.ngc = groups_of(c, cc);
    p.found = 0;
    p.loose = 0;
    p.lb = comp_bound(c, cc, p.ngc);
    p.slack = NCS_RC(1e3) * c->tol;
    p.best = NCS_HUGE;
    c->ebest = NCS_HUGE;                /* nothing to beat yet (fric_bound_prunes) */
    if (c->seeded)
        follow(c, &p);
    if (!enumerate(c, &p))
        c->cut = 1;                         /* the budget stopped the search */
    if (!p.found && !c->seeded) {
        for (i = 0; i < p.ngc; i++)
            ws->sel[ws->glist[i]] = ranked_side(c, ws->glist[i], 0);
        follow(c, &p);
    }
#ifndef NCS_LCP_NO_FRICTION
    if (!p.found && NCS_NFRIC(c->k) > 0) {  /* again, with friction states */
        c->fricpass = 1;
        enumerate(c, &p);
        c->fricpass = 0;
    }
#endif
    return p.found;
}

/* When no choice of sides verified on component cc: plain Lemke on the
 * component's block of the full LCP (its rows and variables, closed under
 * B), verified on those rows. It takes whichever solution it meets, so it
 * comes after the search; it keeps the other components' chosen sides,
 * where plain Lemke on the whole LCP would have to solve them all at once.
 * Returns 1 when ws->trial holds a verified solution of the component. */
static int lemke_component(call *c, int cc) {
#ifdef NCS_LCP_NO_FRICTION
    (void)c, (void)cc;
    return 0;   /* met only with friction so far; the firmware's bytes */
#else
    ncs_lcp_workspace *ws = c->ws;
    int i, n = 0, st;
    for (i = 0; i < c->m; i++)
        if (ONE_COMP(c) || ws->comp[ws->owner[i]] == cc)
            ws->umap[n++] = i;
    for (i = 0; i < n; i++)
        ws->br[i] = c->b[ws->umap[i]];
    c->attempts++;
    st = lemke_block(c, n, ws->umap, 0, NULL);
    if (st != NCS_LCP_SOLVED) {
        c->lemke_status = st;
        return 0;
    }
    for (i = 0; i < n; i++)
        ws->zc[ws->umap[i]] = ws->zr[i];
    if (part_residual(c, cc) > c->tol) {
        c->unverified = 1;
        return 0;
    }
    for (i = 0; i < n; i++)
        ws->trial[ws->umap[i]] = ws->zr[i];
#if !NCS_LCP_SMALL
    c->kept_res = c->part_res;
#endif
    c->cut = 1;                             /* whichever solution Lemke met */
    return 1;
#endif
}

/* Extracts the contact-space data and splits the contacts into independent
 * components (once per call). Returns 1, or 0 when B does not carry the
 * layout's contact data. */
static int prepare(call *c) {
    ncs_lcp_workspace *ws = c->ws;
    const ncs_layout *L = c->L;
    int i, j, first = 0, g = L->ngroups, left;
    if (c->prepared)
        return c->prepared > 0;
    c->prepared = -1;
    if (c->B) {                             /* ncs_lcp_solve: A, a0, mu from B and b */
        if (ws->acap < (size_t)c->nu * (size_t)c->nu ||
            ncs_lcp_extract(L, c->B, c->ldb, c->b, ws->Acopy, ws->a0, ws->mu) != 0)
            return 0;
        c->A = ws->Acopy;
        c->lda = (size_t)c->nu;
        c->a0 = ws->a0;
        c->mu = ws->mu;
    }
    /* independent components of contacts: coupled through a group (each
     * side starts in the set of its group's first side) or A (A_ij or A_ji
     * nonzero; the scan stops once everything is one set) */
    left = c->decompose ? c->nc - 1 : 0;    /* unions still possible */
    for (i = 0; i < g; first += L->group_size[i], i++) {
        ws->gfirst[i] = first;
        for (j = first; j < first + L->group_size[i]; j++)
            ws->comp[j] = c->decompose ? first : 0;
        left -= c->decompose ? L->group_size[i] - 1 : 0;
    }
    for (j = first; j < c->nc; j++)         /* convex contacts */
        ws->comp[j] = c->decompose ? j : 0;
    for (i = 0; i < c->nu && left > 0; i++)
        for (j = i + 1; j < c->nu && left > 0; j++)
            if (AIJ(c, i, j) != 0 || AIJ(c, j, i) != 0)
                left -= unite(ws->comp, contact_of_u(c, i), contact_of_u(c, j));
    if (!NCS_LCP_SMALL && left == 0) {    /* one set (or not decomposing) */
        for (j = 0; j < c->nc; j++)
            ws->comp[j] = 0;
        c->ncomp = 1;
    } else {
        c->ncomp = label(ws->comp, c->nc);
    }
    if (!ONE_COMP(c))
        build_owner(c);
    side_bounds(c);
    rank_sides(c);
    c->prepared = 1;
    return 1;
}

/* The selection path: per component the verified solution of smallest
 * energy, assembled in ws->trial and verified on the full LCP. Returns 1
 * when it verified (then ws->zc holds it and ws->sel the choices). During
 * the search ws->prev_sel holds the kept choices and ws->zb their sides. */
static int try_structured(call *c) {
    ncs_lcp_workspace *ws = c->ws;
    const ncs_layout *L = c->L;
    int i, j, g = L->ngroups, cc;
    if (!prepare(c))
        return 0;
    c->blocks = c->ncomp;
    /* start: previous verified selection, else the most plausible side */
    if (ws->prev_has_sel && ws->prev_m == c->m && ws->prev_form == L->form &&
        ws->prev_ngroups == g) {
        for (i = 0; i < g; i++)
            ws->sel[i] = ws->prev_sel[i];
        c->seeded = 1;
    } else {
        for (i = 0; i < g; i++)
            ws->sel[i] = ranked_side(c, i, 0);
    }
    for (i = 0; i < g; i++)                 /* prev_sel: the kept choices */
        ws->prev_sel[i] = ws->sel[i];
    for (j = 0; j < c->o.y; j++)
        ws->zb[j] = 0;
    if (!ONE_COMP(c))   /* one component: its solution writes every row */
        memset(ws->trial, 0, (size_t)c->m * sizeof *ws->trial);
    memset(ws->zc, 0, (size_t)c->m * sizeof *ws->zc);
    for (cc = 0; cc < c->ncomp; cc++)
        if (!solve_component(c, cc) && !lemke_component(c, cc))
            return 0;
    memcpy(ws->zc, ws->trial, (size_t)c->m * sizeof *ws->zc);
    for (i = 0; i < g; i++)
        ws->sel[i] = ws->prev_sel[i];
    /* one component: z is the kept attempt itself, whose rows are all of
     * them, and part_residual measured it exactly as accept() would (the
     * same sums in the same order): no second pass unless w is wanted */
#if !NCS_LCP_SMALL
    if (c->ncomp == 1 && !c->want_w) {
        c->residual = c->kept_res;
        return 1;
    }
#endif
    return accept(c);
}

/* ---- fallbacks: an LCP that every Lemke path left unsolved ------------- *
 * They run only after the strategy above failed (docs/solver.md,
 * "Fallbacks"), so a step that Lemke solves never pays for them. */

#if !NCS_LCP_SMALL
/* 1 when ws->zc is not far along a ray: max|z| <= 1e9 max|b| / max|B_ij|.
 * The scaled residual is relative to max|z|, so on an LCP without solution
 * a point far enough along a ray of B passes it (random infeasible Stewart
 * LCPs: z of 1e9 to 1e17 "verified"); a fallback's z must also be of the
 * data's own scale. */
static int bounded(const call *c) {
    int i;
    ncs_real zmax = 0, bmax = 0, Bmax = 0;
    for (i = 0; i < c->m; i++) {
        zmax = NCS_FABS(c->ws->zc[i]) > zmax ? NCS_FABS(c->ws->zc[i]) : zmax;
        bmax = NCS_FABS(c->b[i]) > bmax ? NCS_FABS(c->b[i]) : bmax;
        Bmax = c->ws->rmax[i] > Bmax ? c->ws->rmax[i] : Bmax;
    }
    return zmax * Bmax <= NCS_RC(1e9) * bmax;
}
#endif

#if !NCS_LCP_SMALL
/* Regularised restart: Lemke on B + delta I (delta relative to the largest
 * |B_ij|: a ray or a tie of B is often not one of the perturbed LCP), then
 * its basis re-solved on the original LCP (solve_on_set) and verified.
 * Two deltas, 1e-9 and 1e-5. Returns 1 when zc verified. */
static int try_regularised(call *c) {
    ncs_lcp_workspace *ws = c->ws;
    int i, m = c->m, round;
    ncs_real big = 0;
    for (i = 0; i < m; i++)
        big = ws->rmax[i] > big ? ws->rmax[i] : big;
    for (round = 0; round < 2; round++) {
        ncs_real delta = big * (round ? NCS_RC(1e-5) : NCS_RC(1e-9));
        for (i = 0; i < m; i++)         /* (solve_on_set leaves its own set there) */
            ws->umap[i] = i;
        memcpy(ws->br, c->b, (size_t)m * sizeof *ws->br);
        c->attempts++;
        if (lemke_block(c, m, ws->umap, delta, ws->zb) == NCS_LCP_SOLVED &&
            solve_on_set(c, ws->zb) == 0 &&
            accept(c))
            return 1;
    }
    return 0;
}
#endif

#if !NCS_LCP_SMALL && !NCS_REAL_IS_FLOAT
enum { BASES_MAX_M = 12 };  /* try_bases: 2^12 dense solves at most */

/* Host: every complementary basis J of a small LCP (m <= BASES_MAX_M),
 * B_JJ z_J = -b_J solved densely and verified; with a layout whose
 * contact data extracted, the verified z of smallest impulse energy is
 * kept, else the first. Exact on an LCP whose solutions are isolated
 * points, at most 2^m solves. Returns 1 when zc holds a verified z. */
static int try_bases(call *c) {
    ncs_lcp_workspace *ws = c->ws;
    int m = c->m, i, found = 0, energies = c->L && prepare(c);
    unsigned long mask;
    ncs_real best = NCS_HUGE;
    if (m > BASES_MAX_M)
        return 0;
    for (mask = 0; mask < (1ul << m); mask++) {
        ncs_real e;
        for (i = 0; i < m; i++)
            ws->inC[i] = (unsigned char)(mask >> i & 1);
        c->attempts++;
        if (set_solve(c, ws->inC) < 0 || !accept(c))
            continue;
        e = 0;
        for (i = 0; energies && i < c->nu * c->nu; i++)  /* u^T A u, every component */
            e += ws->zc[c->ub + i / c->nu] * AIJ(c, i / c->nu, i % c->nu) *
                 ws->zc[c->ub + i % c->nu];
        if (!found || e < best) {
            best = e;
            memcpy(ws->best, ws->zc, (size_t)m * sizeof *ws->best);
            found = 1;
            if (!energies)
                break;
        }
    }
    if (found) {
        memcpy(ws->zc, ws->best, (size_t)m * sizeof *ws->zc);
        found = accept(c);                  /* again: w and the residual */
        c->exact = energies;
    }
    return found;
}
#endif

/* Remembers what verified, for the next call's warm start. */
static void remember(call *c, int structured_ok) {
    ncs_lcp_workspace *ws = c->ws;
    int i;
    ws->prev_m = c->m;
    ws->prev_form = c->L ? c->L->form : -1;
    ws->prev_ngroups = c->L ? c->L->ngroups : 0;
    for (i = 0; i < c->m; i++)
        ws->prev_J[i] = ws->zc[i] > 0;
    ws->prev_has_sel = structured_ok;
    if (structured_ok)
        for (i = 0; i < c->L->ngroups; i++)
            ws->prev_sel[i] = ws->sel[i];
}

/* 1 when B and b are finite. The same pass writes rmax[i] = max_j |B_ij|,
 * the scale of the verification: the largest magnitude is found on the
 * bits (one and, one compare per entry; the same value as the largest
 * fabs), and an infinity or NaN is the only thing whose magnitude bits
 * reach those of infinity. The bits are compared as signed integers (the
 * sign bit is cleared), which SIMD units compare: the host build on x86-64
 * GCC (NCS_LCP_CLONES) also compiles this for AVX2, 4 entries at a time,
 * and picks the version at load time. */
#ifdef NCS_LCP_CLONES
__attribute__((target_clones("avx2", "default")))
#endif
static int finite_input(int m, const ncs_real *B, int ldb, const ncs_real *b,
                        ncs_real *rmax) {
    int i, j;
    ncs_sbits worst = 0;
    for (i = 0; i < m; i++) {
        const ncs_real *Bi = B + (size_t)i * (size_t)ldb;
        ncs_sbits m0 = 0, bi = (ncs_sbits)abs_bits(b[i]);
        for (j = 0; j < m; j++) {
            ncs_sbits a = (ncs_sbits)abs_bits(Bi[j]);
            m0 = a > m0 ? a : m0;
        }
        rmax[i] = real_of_bits((ncs_bits)m0);
        m0 = bi > m0 ? bi : m0;
        worst = m0 > worst ? m0 : worst;
    }
    return worst < (ncs_sbits)NCS_BITS_INF;
}

/* The strategy (docs/solver.md) on the call's LCP, whose source, layout
 * and dimensions are set and checked (c->ws, c->L, c->m, c->B or the
 * contact-space data, c->b, ws->rmax). Returns the status; *path says
 * which path produced z. */
static int call_strategy(call *c, const ncs_lcp_options *opt, ncs_real *z, ncs_real *w,
                    int *pathp) {
    ncs_lcp_workspace *ws = c->ws;
    const ncs_layout *layout = c->L;
    int m = c->m, status, path = NCS_LCP_PATH_NONE, i, ok = 0;
    int groups, nonconvex, structured_ok = 0;
    int cold = 0;                   /* Newton from z = 0 (no candidate) */
    const ncs_real *b = c->b;
    (void)cold;                     /* unused without the Newton polish */

    /* 1. trivial: b >= 0 gives z = 0 and w = b, whose residual is exactly 0
     * (B is finite, checked above, so B 0 = 0): nothing to compute */
    for (i = 0; i < m && b[i] >= 0; i++)
        ;
    if (i == m) {
        memset(ws->zc, 0, (size_t)m * sizeof *ws->zc);
        memcpy(ws->wc, b, (size_t)m * sizeof *ws->wc);
        c->residual = 0;
        ok = 1;
        path = NCS_LCP_PATH_TRIVIAL;
        c->exact = 1;
    }
    /* 2. warm start: the previous solution's support */
    if (!ok && opt->warm_start && !opt->keep_state && ws->prev_m == m &&
        ws->prev_form == (layout ? layout->form : -1)) {
        c->attempts++;
        ok = solve_on_set(c, ws->prev_J) == 0 && accept(c);
        path = NCS_LCP_PATH_WARM;
    }
    groups = layout && layout->ngroups > 0;
    nonconvex = groups && opt->structured && !opt->keep_state;
    /* 3. nonconvex forms: their LCPs have many solutions (paper Fig. 9),
     * some unphysical: an impulse from a far side that pushes the body
     * through the piece. The physical one is the projection of the
     * free-flight velocity onto the union of half-planes, the solution of
     * smallest impulse energy u^T A u, which the selection path finds (per
     * component, among the verified choices). A verified warm start is kept:
     * it continues the previous step's contacts (time coherence; the energy
     * alone would let a body cut a corner it is sliding over, since the
     * end point does not see the path). Plain Lemke (which takes whichever
     * solution it meets, and stops on a ray for max) is the fallback. */
    if (!ok && nonconvex) {
        ok = structured_ok = try_structured(c);
        path = NCS_LCP_PATH_SELECT;
        /* diff with friction: a solution may carry impulse on a side below
         * its group's max a, which no choice produces ("Exact search") */
        c->exact = ok && !c->cut &&
                  !(NCS_FORM_OF(layout) == NCS_FORM_DIFF && NCS_NFRIC(layout->nfric) > 0);
    }
    /* 4. plain Lemke on the full LCP (the energy is unique for a
     * frictionless convex layout: a projection) */
    if (!ok) {
        ok = try_lemke(c, &path);
        c->exact = ok && layout && layout->ngroups == 0 && NCS_NFRIC(layout->nfric) == 0;
    }
    /* 5. last resort: Newton polish of the best unverified candidate, or,
     * when nothing produced one, Lemke was cut off by its pivot cap and m
     * is small, Newton from z = 0 (Lemke can need 2^m pivots, e.g. on
     * Murty's lower-triangular example) */
#if !defined NCS_LCP_ONLY_FORM && !defined NCS_LCP_NO_NEWTON
    if (!ok && !(c->best_res < NCS_HUGE) && m <= NEWTON_COLD_MAX &&
        c->lemke_status == NCS_LCP_PIVOT_CAP) {
        memset(ws->best, 0, (size_t)m * sizeof *ws->best);
        c->best_res = NCS_RC(1e30);       /* a candidate now: z = 0 */
        cold = 1;
    }
#endif
#ifndef NCS_LCP_NO_NEWTON  /* defined by ncsc in a specialised firmware copy (docs/embedded.md) */
    if (!ok && c->best_res < NCS_HUGE) {
        int unverified = c->unverified;
        ok = try_newton(c);
        path = NCS_LCP_PATH_POLISH;
        if (cold) {                     /* keep Lemke's status */
            c->unverified = unverified;
            c->best_res = c->last_res;
        }
    }
#endif
    /* 6. fallbacks (docs/solver.md, "Fallbacks"): a regularised restart,
     * the contact states of a layout without groups (the selection path's
     * friction states, component by component), every complementary basis
     * of a small LCP. What they try does not change the failure's status
     * or residual. */
#if !NCS_LCP_SMALL           /* not in a specialised firmware copy: its bytes */
    if (!ok && opt->rescue) {
        int unverified = c->unverified, lst = c->lemke_status;
        ncs_real bres = c->best_res;
        ok = try_regularised(c);
        if (!ok && layout && opt->structured && !groups)
            ok = try_structured(c);
#if !NCS_REAL_IS_FLOAT
        if (!ok)
            ok = try_bases(c);
#endif
        if (!ok && c->loose_lemke)
            ok = strict_lemke(c, &path);
        if (!ok && nonconvex) {         /* the search again, with the reduced restart */
            c->restartpass = 1;
            ok = structured_ok = try_structured(c);
            c->restartpass = 0;
        }
        path = NCS_LCP_PATH_RESCUE;
        if (ok && !bounded(c))
            ok = 0;                         /* far along a ray: not an answer */
        if (!ok) {
            c->unverified = unverified;
            c->lemke_status = lst;
            c->best_res = bres;
        }
    }
#endif

    if (ok) {
        status = NCS_LCP_SOLVED;
        memcpy(z, ws->zc, (size_t)m * sizeof *z);
        if (w)
            memcpy(w, ws->wc, (size_t)m * sizeof *w);
        if (!opt->keep_state)
            remember(c, structured_ok);
    } else {
        status = c->unverified ? NCS_LCP_UNVERIFIED
               : c->lemke_status != NCS_LCP_SOLVED ? c->lemke_status : NCS_LCP_UNVERIFIED;
        path = NCS_LCP_PATH_NONE;
    }
    *pathp = path;
    return status;
}

/* Fills info (may be NULL) and zeroes z and w on failure. */
static ncs_lcp_status call_finish(const call *c, int status, int path, int m, ncs_real *z,
                             ncs_real *w, ncs_lcp_info *info) {
    if (status != NCS_LCP_SOLVED && z && m > 0) {
        memset(z, 0, (size_t)m * sizeof *z);
        if (w)
            memset(w, 0, (size_t)m * sizeof *w);
    }
    if (info) {
        info->status = status;
        info->pivots = c->pivots;
        info->attempts = c->attempts;
        info->strategy = status == NCS_LCP_SOLVED ? path : NCS_LCP_PATH_NONE;
        /* failed: the best candidate's residual (of its component's rows
         * for the selection path; inf when there was none) */
        info->residual = status == NCS_LCP_SOLVED ? c->residual : c->best_res;
        info->blocks = c->blocks;
        info->flops = c->ws ? c->ws->lw.flops - c->flops0 : 0;
        info->smallest = status == NCS_LCP_SOLVED && c->exact;
    }
    return (ncs_lcp_status)status;
}

/* What both entry points set before the strategy. */
static void call_start(call *c, ncs_lcp_workspace *ws, const ncs_layout *layout, int m,
                  const ncs_lcp_options *opt, ncs_real *w) {
    const ncs_lcp_options def = ncs_lcp_default_options();
    c->ws = ws;
    c->L = layout;
    c->m = m;
    c->cap = opt->max_pivots;
    c->tol = opt->tol > 0 ? opt->tol : def.tol;
    c->decompose = opt->decompose;
#if !NCS_LCP_SMALL
    c->want_w = w != NULL;
#else
    (void)w;
#endif
    c->lemke_status = NCS_LCP_SOLVED;
    c->blocks = 1;
    c->flops0 = ws->lw.flops;
    if (layout) {
        c->k = layout->nfric;
        c->nc = c->o.nc;
        c->nu = c->nc * (1 + c->k);
        c->ub = m - (c->k > 0 ? c->nc : 0) - c->nu;    /* as ncs_lcp_impulse_offset */
    }
}

ncs_lcp_status ncs_lcp_solve(ncs_lcp_workspace *ws, const ncs_layout *layout,
                             int m, const ncs_real *B, int ldb, const ncs_real *b,
                             ncs_real *z, ncs_real *w, const ncs_lcp_options *opt,
                             ncs_lcp_info *info) {
    ncs_lcp_options def = ncs_lcp_default_options();
    call c;
    int status = NCS_LCP_BAD_INPUT, path = NCS_LCP_PATH_NONE;

    memset(&c, 0, sizeof c);
    c.best_res = NCS_HUGE;
    c.ebest = NCS_HUGE;
    if (!opt)
        opt = &def;
    if (!ws || !B || !b || !z || m < 1 || ldb < m)
        return call_finish(&c, status, path, m, z, w, info);
    if (m > ws->mmax)
        return call_finish(&c, NCS_LCP_WORKSPACE, path, m, z, w, info);
    if (layout && (ncs_layout_offsets_of(layout, &c.o) != 0 || c.o.m != m ||
                   !NCS_LCP_FITS(layout)))
        return call_finish(&c, status, path, m, z, w, info);
    if (layout && ws->acap < (size_t)c.o.nc * (size_t)(1 + layout->nfric) *
                             (size_t)c.o.nc * (size_t)(1 + layout->nfric))
        return call_finish(&c, NCS_LCP_WORKSPACE, path, m, z, w, info);  /* no room for A */
    if (!finite_input(m, B, ldb, b, ws->rmax))
        return call_finish(&c, NCS_LCP_NUMERICAL, path, m, z, w, info);
    call_start(&c, ws, layout, m, opt, w);
    c.ldb = ldb;
    c.B = B;
    c.b = b;
    status = call_strategy(&c, opt, z, w, &path);
    return call_finish(&c, status, path, m, z, w, info);
}

ncs_lcp_status ncs_lcp_solve_cs(ncs_lcp_workspace *ws, const ncs_layout *layout,
                                const ncs_real *A, int lda, const ncs_real *a0,
                                const ncs_real *mu, const ncs_real *pyb, ncs_real *z,
                                ncs_real *w, const ncs_lcp_options *opt, ncs_lcp_info *info) {
    ncs_lcp_options def = ncs_lcp_default_options();
    call c;
    int status = NCS_LCP_BAD_INPUT, path = NCS_LCP_PATH_NONE, m;

    memset(&c, 0, sizeof c);
    c.best_res = NCS_HUGE;
    c.ebest = NCS_HUGE;
    if (!opt)
        opt = &def;
    m = layout && ncs_layout_offsets_of(layout, &c.o) == 0 ? c.o.m : 0;
    if (!ws || !A || !a0 || !z || m < 1 || (NCS_NFRIC(layout->nfric) > 0 && !mu) ||
        lda < c.o.nc * (1 + NCS_NFRIC(layout->nfric)))
        return call_finish(&c, status, path, m, z, w, info);
    if (m > ws->mmax || c.o.nc > ws->ncmax)
        return call_finish(&c, NCS_LCP_WORKSPACE, path, m, z, w, info);
    call_start(&c, ws, layout, m, opt, w);
    c.A = A;
    c.lda = (size_t)lda;
    c.a0 = a0;
    c.mu = mu;
    c.pyb = pyb;
    cs_b(&c);
    c.b = ws->bcs;
    for (int i = 0; i < m; i++)     /* subnormal scale is zero (NCS_REAL_TINY) */
        if (NCS_FABS(ws->bcs[i]) < NCS_REAL_TINY)
            ws->bcs[i] = 0;
    if (!cs_scan(&c, ws->rmax)) {
        c.ws = NULL;                    /* as ncs_lcp_solve: nothing was solved */
        return call_finish(&c, NCS_LCP_NUMERICAL, path, m, z, w, info);
    }
    status = call_strategy(&c, opt, z, w, &path);
    return call_finish(&c, status, path, m, z, w, info);
}
