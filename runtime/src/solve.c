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
#include "solve_internal.h"


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
    o.guess = NULL;
#if NCS_LCP_FACTOR_ONLY
    o.factor = NULL;
#endif
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
    return mmax >= 1 && mmax <= NCS_LCP_MAX_M && ncmax >= 1;
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

/* The scaled residual of z on the call's LCP (ncs_lcp_residual). */
NCS_INTERNAL ncs_real ncs_solve_residual(const call *c, const ncs_real *z, ncs_real *w, const int *owner,
                                         int cc) {
    if (!c->B)
        return ncs_solve_cs_residual(c, z, w, c->ws->lw.rows, owner, c->ws->comp, cc);
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
NCS_INTERNAL int ncs_solve_lemke_block(call *c, int n, const int *umap, ncs_real delta,
                                       unsigned char *zbasic) {
    int st;
    c->gumap = umap;
    c->gn = n;
    c->gdelta = delta;
    st = lemke_rows(c, n, ncs_solve_block_rows, zbasic);
    c->gumap = NULL;
    c->gdelta = 0;
    return st;
}

/* Lemke on the reduced LCP of the last build_reduced (n rows). */
NCS_INTERNAL int ncs_solve_lemke_on_br(call *c, int n, unsigned char *zbasic) {
    return lemke_rows(c, n, ncs_solve_reduced_rows, zbasic);
}

/* 1 when the selection path has used its budget. */
NCS_INTERNAL int ncs_solve_over_budget(const call *c) {
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
NCS_INTERNAL ncs_real ncs_solve_group_residual(const call *c, const ncs_real *z, int cc, int strict) {
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
#endif

/* Accepts ws->zc when it verifies on the full LCP (and, in float, when
 * every group's condition holds in contact space: group_residual). */
NCS_INTERNAL int ncs_solve_accept(call *c) {
    ncs_real r = ncs_solve_residual(c, c->ws->zc, c->ws->wc, NULL, 0);
    ncs_real g = ncs_solve_group_residual(c, c->ws->zc, -1, 0);
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
NCS_INTERNAL ncs_real *ncs_solve_gather(call *c, int n, ncs_real sign) {
    ncs_lcp_workspace *ws = c->ws;
    ncs_real *M = ws->lw.T;
    int i, j;
    for (i = 0; i < n; i++) {
        const ncs_real *Bi = ncs_solve_brow(c, ws->umap[i]);
        for (j = 0; j < n; j++)
            M[(size_t)i * (size_t)n + (size_t)j] = Bi[ws->umap[j]];
        ws->br[i] = sign * c->b[ws->umap[i]];
    }
    return M;
}

/* Solves B_JJ z_J = -b_J for the index set J (flags) into ws->zc (zero
 * outside J), as it comes. Returns the size of J, or -1 when B_JJ is
 * singular. */
NCS_INTERNAL int ncs_solve_set_solve(call *c, const unsigned char *J) {
    ncs_lcp_workspace *ws = c->ws;
    int i, n = 0, m = c->m;
    for (i = 0; i < m; i++)
        if (J[i])
            ws->umap[n++] = i;
    if (ncs_dense_solve(n, ncs_solve_gather(c, n, -1), n, ws->br, ws->perm) != 0)
        return -1;
    memset(ws->zc, 0, (size_t)m * sizeof *ws->zc);
    for (i = 0; i < n; i++)
        ws->zc[ws->umap[i]] = ws->br[i];
    return n;
}

/* Clamps to 0 the entries of ws->zc on the n indices ws->umap[0..n) (the
 * index set a set solve just left there) that are negative at rounding
 * level. 0 on success; -1 when one is further below 0 (or not a number). */
NCS_INTERNAL int ncs_solve_clamp_set(call *c, int n) {
    ncs_lcp_workspace *ws = c->ws;
    int i;
    for (i = 0; i < n; i++) {
        ncs_real *z = &ws->zc[ws->umap[i]];
        if (!(*z >= -c->tol * NCS_RC(1e3) * (1 + NCS_FABS(*z))))
            return -1;
        *z = *z > 0 ? *z : 0;
    }
    return 0;
}

/* Re-solves B_JJ z_J = -b_J for the index set J (flags) into ws->zc:
 * the Newton step of the min-map on that active set, negative entries at
 * rounding level clamped to 0 (ncs_solve_clamp_set). 0 on success. */
NCS_INTERNAL int ncs_solve_solve_on_set(call *c, const unsigned char *J) {
    int n = ncs_solve_set_solve(c, J);
    return n < 0 ? -1 : ncs_solve_clamp_set(c, n);
}

/* Keeps ws->zc as the best unverified candidate when its residual is the
 * smallest so far (the start of the Newton polish). */
NCS_INTERNAL void ncs_solve_keep_best(call *c, ncs_real res) {
    if (res < c->best_res && isfinite(res)) {
        c->best_res = res;
        memcpy(c->ws->best, c->ws->zc, (size_t)c->m * sizeof *c->ws->best);
    }
}


#if NCS_REAL_IS_FLOAT || !NCS_LCP_SMALL
/* The index whose exchange most reduces the worst violation of ws->zc
 * (w in ws->wc) on the index set J (flags): a z_j < 0 in J (relative to
 * max|z|) or a w_i < 0 outside it (relative to ncs_lcp_residual's scale
 * |b_i| + max_j |B_ij| max|z|); -1 when none is beyond most. */
NCS_INTERNAL int ncs_solve_worst_violation(const call *c, const unsigned char *J, ncs_real most) {
    const ncs_lcp_workspace *ws = c->ws;
    int i, worst = -1;
    ncs_real zs = 0, v;
    for (i = 0; i < c->m; i++)
        if (NCS_FABS(ws->zc[i]) > zs)
            zs = NCS_FABS(ws->zc[i]);
    for (i = 0; i < c->m; i++) {
        ncs_real sc = NCS_FABS(c->b[i]) + ws->rmax[i] * zs;
        v = J[i] ? (zs > 0 ? -ws->zc[i] / zs : 0) : (sc > 0 ? -ws->wc[i] / sc : 0);
        if (v > most) {
            most = v;
            worst = i;
        }
    }
    return worst;
}
#endif

#if NCS_REAL_IS_FLOAT || !NCS_LCP_SMALL
/* After a set solve (solve_internal.h): the residual, and the worst
 * violation or the verified answer. */
NCS_INTERNAL int ncs_solve_repair_step(call *c, const unsigned char *J) {
    ncs_lcp_workspace *ws = c->ws;
    int i, worst;
    if (!(ncs_solve_residual(c, ws->zc, ws->wc, NULL, 0) < NCS_HUGE))
        return -2;
    worst = ncs_solve_worst_violation(c, J, c->tol);
    if (worst >= 0)
        return worst;
    for (i = 0; i < c->m; i++)          /* within tolerance: clamp and verify */
        if (ws->zc[i] < 0)
            ws->zc[i] = 0;
    return ncs_solve_accept(c) ? -1 : -2;
}

/* Rounding in the tableau's updates can end Lemke one exchange away from a
 * solution (rows of near-duplicate contacts) or on a ray: in float, where
 * double finds the solution (from plain Lemke's basis, cap REPAIR_CAP),
 * and on the host from the basis of the regularised restart's Lemke run on
 * a pile's degenerate LCP (ncs_solve_try_regularised, cap
 * REPAIR_CAP_RESCUE; a singular B_JJ takes proximal steps there, double);
 * and the caller's guess (from_guess, cap GUESS_CAP, from its values z0;
 * on the host in double what ncs_solve_repair_fixed hands over).
 * Repairs the index set J (flags, the basis of z) from the original data
 * (docs/solver.md): re-solve B_JJ z_J = -b_J (host double: from z0 when
 * not NULL, ncs_solve_set_solve_refined), compute w = B z + b, and
 * exchange the most violated index (z_j < 0 in J leaves, w_i < 0 outside J
 * enters; each relative to the scale of ncs_lcp_residual), at most cap
 * times. Returns 1 when zc verified on the full LCP; 0 when it did not, or
 * B_JJ was singular. */
NCS_INTERNAL int ncs_solve_try_repair(call *c, unsigned char *J, int cap, const ncs_real *z0) {
    int it;
    for (it = 0; it < cap; it++) {
        int worst;
        if (SET_SOLVE_REPAIR(c, J, z0) < 0)
            return 0;
        if ((worst = ncs_solve_repair_step(c, J)) < 0)
            return worst == -1;
        J[worst] = (unsigned char)!J[worst];
    }
    return 0;
}
#endif


/* ---- plain Lemke --------------------------------------------------------- */

static int lemke_checked(call *c, int *path);

/* Plain Lemke on the full LCP, block by block when B is block diagonal up to
 * a permutation, with an active-set re-solve when the tableau's answer misses
 * the tolerance. Returns 1 when zc verified on the full LCP. */
NCS_INTERNAL int ncs_solve_lemke_once(call *c, int *path) {
    ncs_lcp_workspace *ws = c->ws;
    int m = c->m, i, j, blk, nblk = 1, st, split = c->decompose && m >= 16;
    for (i = 0; i < m; i++)
        ws->comp[i] = split ? i : 0;
    if (split) {                        /* small LCPs: the scan costs more than it saves */
        int left = m - 1;               /* unions still possible: stop at one block */
        for (i = 0; i < m && left > 0 && c->B; i++) {
            int ri = ncs_uf_find(ws->comp, i);  /* a j that points at it is joined already */
            for (j = i + 1; j < m && left > 0; j++)
                if ((c->B[(size_t)i * (size_t)c->ldb + (size_t)j] != 0 ||
                     c->B[(size_t)j * (size_t)c->ldb + (size_t)i] != 0) &&
                    ws->comp[j] != ri && ncs_uf_unite(ws->comp, i, j)) {
                    left--;
                    ri = ncs_uf_find(ws->comp, i);     /* the union may have moved the root */
                }
        }
        for (i = 0; i < m && left > 0 && !c->B; i++) {  /* by rows: the same sets */
            const ncs_real *Bi = ncs_solve_brow(c, i);
            for (j = 0; j < m && left > 0; j++)
                if (Bi[j] != 0 && j != i)
                    left -= ncs_uf_unite(ws->comp, i, j);
        }
        nblk = ncs_uf_label(ws->comp, m);
    }
    c->blocks = nblk;
    if (nblk == 1) {
        c->attempts++;
        if (c->B) {
            st = ncs_lemke_run(&ws->lw, m, c->B, c->ldb, c->b, cap_for(c, m), ws->zc,
                               ws->zb, &c->pivots, ws->spare, ws->nspare);
        } else {                        /* the rows straight into the tableau */
            ncs_lemke_rows g;
            g.row = ncs_solve_block_rows;
            g.ctx = c;
            st = ncs_lemke_run_rows(&ws->lw, m, &g, c->b, cap_for(c, m), ws->zc, ws->zb,
                                    &c->pivots, ws->spare, ws->nspare);
        }
        if (st != NCS_LCP_SOLVED) {
            c->lemke_status = st;

#if NCS_REAL_IS_FLOAT
            if (st == NCS_LCP_RAY && ncs_solve_try_repair(c, ws->zb, REPAIR_CAP, NULL)) {  /* from J = {} */
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
            st = ncs_solve_lemke_block(c, n, ws->umap, 0, ws->inS);
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
    return lemke_checked(c, path);
}

/* The check of a Lemke answer in ws->zc (its basis in ws->zb): verified as
 * it is, else its basis re-solved (and refined). Returns 1 when zc
 * verified on the full LCP. */
static int lemke_checked(call *c, int *path) {
    ncs_lcp_workspace *ws = c->ws;
    *path = NCS_LCP_PATH_LEMKE;
    if (ncs_solve_accept(c))
        return 1;
    ncs_solve_keep_best(c, c->last_res);
    *path = NCS_LCP_PATH_POLISH;
#if NCS_REAL_IS_FLOAT
    if (ncs_solve_solve_on_set(c, ws->zb) == 0 && ncs_solve_accept(c))
        return 1;
    return ncs_solve_try_repair(c, ws->zb, REPAIR_CAP, NULL);
#elif !NCS_LCP_SMALL
    if (ncs_solve_solve_on_set(c, ws->zb) == 0 && ncs_solve_accept(c))
        return 1;
    return ncs_solve_refine_on_set(c, ws->zb);        /* a near miss: in higher precision */
#else
    return ncs_solve_solve_on_set(c, ws->zb) == 0 && ncs_solve_accept(c);
#endif
}

/* Plain Lemke (lemke_once), noting whether a run let z0 leave through the
 * looser tie window (c->loose_lemke; see the strict z0 rescue), then, on
 * the host in double, a tight run (ncs_lemke_work.tight) when it failed:
 * on the LCPs of 100 discs poured into a V (784 - 888 rows) the default
 * run stopped with z0 at 1e-10 of b-scale and a residual of 1.1e-9, or ran
 * to the pivot cap; tight, each was solved in 1822 - 7343 pivots to 3e-12
 * (as Siconos' lexicographic Lemke solves them). */
static int try_lemke(call *c, int *path) {
    int ok;
    c->ws->lw.loose_exit = 0;
    ok = ncs_solve_lemke_once(c, path);
    c->loose_lemke = c->ws->lw.loose_exit;
#if !NCS_REAL_IS_FLOAT && !NCS_LCP_SMALL
    if (!ok) {
        int st = c->lemke_status;
        ok = ncs_solve_lemke_flagged(c, path, &c->ws->lw.tight);
        if (!ok)
            c->lemke_status = st;       /* the failure reported is the first run's */
    }
#endif
    return ok;
}

/* The caller's guess g (ncs_lcp_options.guess) as a z (m): its
 * impulses u and friction slacks s (what is not positive as 0), the
 * groups' auxiliaries from the closed forms at a = A u + a0; its support
 * in J. An a_j within tol of the size of its terms is 0: a resting
 * contact's a_j of -1e-17 would otherwise put its h_j (max form), of no
 * meaning, into the support, and the set solve would hold it there (a
 * particle at rest in a V drifted 3e-7 m in 8 steps). The impulses are
 * kept however small: a pile's small friction impulses are real (dropping
 * those below 1e-9 of the largest left pyramid-friction, diff, on a ray at
 * step 379). */
static void guess_start(call *c, const ncs_real *g, ncs_real *z, unsigned char *J) {
    ncs_lcp_workspace *ws = c->ws;
    ncs_real *a = ws->a, *size = ws->trial;
    int i, q, first, nc = c->nc, nu = c->nu;
    memset(z, 0, (size_t)c->m * sizeof *z);
    for (q = 0; q < nu; q++)
        z[c->ub + q] = g[c->ub + q] > 0 ? g[c->ub + q] : 0;
    for (i = 0; i < nc && c->k > 0; i++)
        z[c->o.s + i] = g[c->o.s + i] > 0 ? g[c->o.s + i] : 0;
    for (i = 0; i < nu; i++) {
#if NCS_LCP_FACTOR_ONLY
        if (!c->A) {                    /* A by its factor: the nonzero u only */
            ncs_real s = c->a0[i];
            size[i] = NCS_FABS(c->a0[i]);
            for (q = 0; q < nu; q++)
                if (z[c->ub + q] != 0) {
                    ncs_real t = AIJ(c, i, q) * z[c->ub + q];
                    s += t;
                    size[i] += NCS_FABS(t);
                }
            a[i] = NCS_FABS(s) <= c->tol * size[i] ? 0 : s;
            continue;
        }
#endif
        const ncs_real *Ai = c->A + (size_t)i * c->lda;
        ncs_real s = c->a0[i];
        size[i] = NCS_FABS(c->a0[i]);
        for (q = 0; q < nu; q++) {
            s += Ai[q] * z[c->ub + q];
            size[i] += NCS_FABS(Ai[q] * z[c->ub + q]);
        }
        a[i] = NCS_FABS(s) <= c->tol * size[i] ? 0 : s;
    }
    for (i = 0, first = 0; i < c->L->ngroups; first += c->L->group_size[i++])
        ncs_solve_group_aux(c, a, i, first, first, z);
    for (i = 0; i < c->m; i++)
        J[i] = z[i] > 0;
}

#if !NCS_REAL_IS_FLOAT && !NCS_LCP_SMALL
/* Lemke from the caller's guess's support (ncs_lemke_run_from: the path
 * from a near basis is short; 100 discs poured into a V, steps 100-160:
 * about 300 pivots after the setup where a cold run took thousands; with
 * the default tolerances: a tight run there cost 28.9 s instead of 22.4),
 * its answer checked as a cold run's. Once per call (c->guess is
 * cleared). Returns 1 when zc verified on the full LCP. */
static int lemke_from_guess(call *c) {
    ncs_lcp_workspace *ws = c->ws;
    ncs_lemke_rows g;
    int path, st;
    if (!c->guess)
        return 0;
    guess_start(c, c->guess, ws->zr, ws->inC);  /* inC: free until the selection path */
    c->guess = NULL;
    g.row = ncs_solve_block_rows;
    g.ctx = c;
    c->attempts++;
    st = ncs_lemke_run_from(&ws->lw, c->m, &g, NULL, 0, c->b, ws->inC, cap_for(c, c->m), ws->zc,
                            ws->zb, &c->pivots);
    return st == NCS_LCP_SOLVED && lemke_checked(c, &path);
}
#endif

/* The guess's support solved from the guess and repaired, the worst
 * violation beyond tol exchanged (a z_j < 0 leaves, a w_i < 0 enters) at
 * most GUESS_CAP times: a contact that starts or stops carrying impulse,
 * or starts or stops sliding (64: 100 discs pouring into a V change dozens
 * a step; with 8 the pour ended on a ray at step 130, with 64 at 240;
 * exchanging every violation at once cycled); on the host in double the
 * sets share one factor (ncs_solve_repair_fixed). In a float build or a
 * firmware copy an exact re-solve, and float's repair. Returns 1 when zc
 * verified. */
static int from_guess(call *c, unsigned char *J) {
#if !NCS_REAL_IS_FLOAT && !NCS_LCP_SMALL
    if (ncs_solve_repair_fixed(c, J, GUESS_CAP, c->ws->best))
        return 1;
    /* convex contacts only: a group's LCP has unphysical solutions, which
     * only the selection path tells apart (step 3; Lemke after it) */
    return c->L->ngroups == 0 && lemke_from_guess(c);
#else
    if (ncs_solve_solve_on_set(c, J) == 0 && ncs_solve_accept(c))
        return 1;
#if NCS_REAL_IS_FLOAT
    return ncs_solve_try_repair(c, J, REPAIR_CAP, NULL);
#else
    return 0;
#endif
#endif
}

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

#if !NCS_REAL_IS_FLOAT && !NCS_LCP_SMALL
/* The strategy when the caller gave A only by its factor (docs/solver.md,
 * "A by its factor"): no matrix of m^2 or nu^2 is formed, so no tableau
 * path runs. The caller's guess (the register's impulses) names a
 * complementary basis, which is solved on the augmented LCP's sparse
 * factor and verified (a resting pile: one factorisation, no pivot); else
 * Lemke on the augmented LCP's factorised basis with etas, else with a
 * factorisation every pivot; an answer that does not verify has its basis
 * solved again before it is given up. Every answer is verified against the
 * full LCP (ncs_solve_accept, the factor's entries). Returns 1 when ws->zc
 * verified. */
static int factor_strategy(call *c, const ncs_lcp_options *opt, int *path) {
    ncs_lcp_workspace *ws = c->ws;
    int pass, st;
    if (opt->warm_start && !opt->keep_state && opt->guess) {
        c->attempts++;
        guess_start(c, opt->guess, ws->best, ws->zb);
        *path = NCS_LCP_PATH_WARM;
        if (ncs_solve_factor_set(c, ws->zb, ws->best) == NCS_LCP_SOLVED && ncs_solve_accept(c))
            return 1;
    }
    for (pass = 0; pass < 2; pass++) {
        st = pass == 0 ? ncs_solve_factor_lemke(c) : ncs_solve_lemke_basis(c);
        *path = NCS_LCP_PATH_LEMKE;
        if (st != NCS_LCP_SOLVED) {
            c->lemke_status = st;
            continue;
        }
        if (ncs_solve_accept(c))
            return 1;
        ncs_solve_keep_best(c, c->last_res);
        *path = NCS_LCP_PATH_POLISH;
        if (ncs_solve_factor_set(c, ws->zb, NULL) == NCS_LCP_SOLVED && ncs_solve_accept(c))
            return 1;
    }
    return 0;
}
#endif

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
#if NCS_LCP_FACTOR_ONLY
    if (!c->A && !c->B) {               /* A by its factor only */
        if (!ok)
            ok = factor_strategy(c, opt, &path);
        goto finish;
    }
#endif
    /* 2. warm start: the caller's guess, else the previous solution's
     * support */
    if (!ok && opt->warm_start && !opt->keep_state && opt->guess && layout && !c->B) {
        c->attempts++;
        c->guess = opt->guess;
        guess_start(c, opt->guess, ws->best, ws->zb);
        ok = from_guess(c, ws->zb);
        path = NCS_LCP_PATH_WARM;
    } else if (!ok && opt->warm_start && !opt->keep_state && ws->prev_m == m &&
        ws->prev_form == (layout ? layout->form : -1)) {
        c->attempts++;
        ok = ncs_solve_solve_on_set(c, ws->prev_J) == 0 && ncs_solve_accept(c);
        if (!ok)                /* a resting pile: its support can be singular */
            ok = WARM_PROX(c, ws->prev_J);
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
        ok = structured_ok = ncs_solve_try_structured(c);
        path = NCS_LCP_PATH_SELECT;
        /* diff with friction: a solution may carry impulse on a side below
         * its group's max a, which no choice produces ("Exact search") */
        c->exact = ok && !c->cut &&
                  !(NCS_FORM_OF(layout) == NCS_FORM_DIFF && NCS_NFRIC(layout->nfric) > 0);
    }
    /* 4. plain Lemke on the full LCP (the energy is unique for a
     * frictionless convex layout: a projection) */
    if (!ok) {
#if !NCS_REAL_IS_FLOAT && !NCS_LCP_SMALL
        ok = lemke_from_guess(c);       /* once: when from_guess has not */
        path = NCS_LCP_PATH_WARM;
        if (!ok)
#endif
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
        ok = ncs_solve_try_newton(c);
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
     * of a small LCP, ..., and last the proximal steps. What they try does not change the failure's status
     * or residual. */
#if !NCS_LCP_SMALL           /* not in a specialised firmware copy: its bytes */
    if (!ok && opt->rescue) {
        int unverified = c->unverified, lst = c->lemke_status;
        ncs_real bres = c->best_res;
        ok = ncs_solve_try_regularised(c);
        if (!ok && layout && opt->structured && !groups)
            ok = ncs_solve_try_structured(c);
#if !NCS_REAL_IS_FLOAT
        if (!ok)
            ok = ncs_solve_try_bases(c);
#endif
        if (!ok && c->loose_lemke)
            ok = ncs_solve_lemke_flagged(c, &path, &c->ws->lw.strict_z0);
        if (!ok && nonconvex) {         /* the search again, with the reduced restart */
            c->restartpass = 1;
            ok = structured_ok = ncs_solve_try_structured(c);
            c->restartpass = 0;
        }
        if (!ok)
            ok = ncs_solve_try_proximal(c);
        path = NCS_LCP_PATH_RESCUE;
        if (ok && !ncs_solve_bounded(c))
            ok = 0;                         /* far along a ray: not an answer */
        if (!ok) {
            c->unverified = unverified;
            c->lemke_status = lst;
            c->best_res = bres;
        }
    }
#endif

#if !NCS_REAL_IS_FLOAT && !NCS_LCP_SMALL
    /* 7. last: plain Lemke on a factorised basis (solve_basis.c), its
     * values solved afresh from the factor, where the tableau's runs
     * ended on rays from rounding. Last, so that what the fallbacks solve
     * is solved as before (issue 16's tiles LCP at step 92: a fallback
     * finds the smallest-energy solution, the basis's answer is another
     * one, 1e-7 above it). A failure leaves the status and residual of
     * the runs before. */
    if (!ok && ncs_solve_lemke_basis(c) == NCS_LCP_SOLVED) {
        int unverified = c->unverified, lst = c->lemke_status;
        ncs_real bres = c->best_res;
        ok = lemke_checked(c, &path);
        if (!ok) {
            c->unverified = unverified;
            c->lemke_status = lst;
            c->best_res = bres;
        }
    }
#endif

#if NCS_LCP_FACTOR_ONLY
finish:
#endif
    if (ok) {
        status = NCS_LCP_SOLVED;
        if (path == NCS_LCP_PATH_WARM && (!NCS_LCP_FACTOR_ONLY || c->A || c->B))  /* kept support */
            POLISH_VERIFIED(c);
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

#if NCS_LCP_FACTOR_ONLY
/* 1 when a factor of A over nu rows can be read: starts that do not
 * decrease, columns within 0 .. nd-1, finite values and inverse masses
 * that are finite and not negative. */
static int factor_ok(const ncs_lcp_factor *f, int nu) {
    int q, p;
    if (!f->gp || !f->gi || !f->gx || !f->minv || f->gp[0] != 0)
        return 0;
    for (q = 0; q < nu; q++)
        if (f->gp[q + 1] < f->gp[q])
            return 0;
    for (p = 0; p < f->gp[nu]; p++)
        if (f->gi[p] < 0 || f->gi[p] >= f->nd || !(NCS_FABS(f->gx[p]) <= NCS_HUGE))
            return 0;
    for (q = 0; q < f->nd; q++)
        if (!(f->minv[q] >= 0 && f->minv[q] <= NCS_HUGE))
            return 0;
    return 1;
}
#endif

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
    if (!ws || (!A && !FACTOR_GIVEN(opt)) || !a0 || !z || m < 1 ||
        (NCS_NFRIC(layout->nfric) > 0 && !mu) ||
        lda < c.o.nc * (1 + NCS_NFRIC(layout->nfric)))
        return call_finish(&c, status, path, m, z, w, info);
#if NCS_LCP_FACTOR_ONLY
    if (!A && !factor_ok(opt->factor, c.o.nc * (1 + NCS_NFRIC(layout->nfric))))
        return call_finish(&c, status, path, m, z, w, info);
#endif
    if (m > ws->mmax || c.o.nc > ws->ncmax)
        return call_finish(&c, NCS_LCP_WORKSPACE, path, m, z, w, info);
    call_start(&c, ws, layout, m, opt, w);
    c.A = A;
    c.lda = (size_t)lda;
    c.a0 = a0;
    c.mu = mu;
    c.pyb = pyb;
#if NCS_LCP_FACTOR_ONLY
    c.factor = FACTOR_GIVEN(opt) ? opt->factor : NULL;
#endif
    ncs_solve_cs_b(&c);
    c.b = ws->bcs;
    for (int i = 0; i < m; i++)     /* subnormal scale is zero (NCS_REAL_TINY) */
        if (NCS_FABS(ws->bcs[i]) < NCS_REAL_TINY)
            ws->bcs[i] = 0;
    if (!ncs_solve_cs_scan(&c, ws->rmax)) {
        c.ws = NULL;                    /* as ncs_lcp_solve: nothing was solved */
        return call_finish(&c, NCS_LCP_NUMERICAL, path, m, z, w, info);
    }
    status = call_strategy(&c, opt, z, w, &path);
    return call_finish(&c, status, path, m, z, w, info);
}
