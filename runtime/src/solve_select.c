/* solve_select.c - the side selection path of the LCP solver: the contact
 * components, the reduced convex LCP of the chosen sides, and the choice
 * among verified solutions by the projection principle (docs/solver.md,
 * "Strategy", "Bounded work"). */
#include "solve_internal.h"

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
NCS_INTERNAL void ncs_solve_reduced_rows(const ncs_lemke_rows *g, int r, ncs_real *out, size_t stride) {
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
NCS_INTERNAL void ncs_solve_lift(call *c, int cc, int ngc, int ncr) {
    ncs_lcp_workspace *ws = c->ws;
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
    for (i = 0; i < ngc; i++)
        ncs_solve_group_aux(c, a, ws->glist[i], ws->gfirst[ws->glist[i]], ws->sel[ws->glist[i]], z);
}

/* The auxiliaries of group gi (sides first .. first + its size) in z from
 * the closed forms of its form at a (docs/solver.md, "The contact-space
 * view"); the max form's g on side arg when it has the largest a, else on
 * the first side that has. */
NCS_INTERNAL void ncs_solve_group_aux(const call *c, const ncs_real *a, int gi, int first, int arg,
                                      ncs_real *z) {
    const ncs_layout *L = c->L;
    const ncs_layout_offsets *o = &c->o;
    int n = L->group_size[gi], j, l;
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

/* Scaled residual (ncs_lcp_residual) of ws->zc over the rows of component
 * cc, with the groups' condition (group_residual). */
NCS_INTERNAL ncs_real ncs_solve_part_residual(call *c, int cc) {
    ncs_lcp_workspace *ws = c->ws;
    ncs_real res, g;
    res = ncs_solve_residual(c, ws->zc, NULL, ONE_COMP(c) ? NULL : ws->owner, cc);
    g = ncs_solve_group_residual(c, ws->zc, cc, 0);     /* float, max form */
    res = g > res ? g : res;
#if !NCS_LCP_SMALL
    c->part_res = res;
#endif
    return res;
}


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
        if (ncs_solve_over_budget(c))
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
        ncs_solve_lift(c, cc, ngc, ncr);
        if (ncs_solve_part_residual(c, cc) <= c->tol)
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
    st = ncs_solve_lemke_on_br(c, ncr, NULL);
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
             : ncs_solve_lemke_on_br(c, mr, NULL);
        if (st != NCS_LCP_SOLVED) {
            c->lemke_status = st;
            return FRIC_STATES(c, cc, ngc, ncr) ? 1 : -1;
        }
        ncs_solve_lift(c, cc, ngc, ncr);
        res = ncs_solve_part_residual(c, cc);
        if (res <= c->tol)
            return 1;
        ncs_solve_keep_best(c, res);    /* Lemke's, before the polish moves it */
        if (POLISH_REDUCED(c, cc, ngc, ncr, mr))
            return 1;
        c->unverified = 1;
#if !NCS_LCP_SMALL                          /* the polish's answer, as candidate */
        ncs_solve_keep_best(c, c->part_res);
#endif
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
    int i, j, loose = ncs_solve_group_residual(c, ws->zc, p->cc, 1) > c->tol;
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
            if (ncs_solve_over_budget(c))
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
    st = ncs_solve_lemke_block(c, n, ws->umap, 0, NULL);
    if (st != NCS_LCP_SOLVED) {
        c->lemke_status = st;
        return 0;
    }
    for (i = 0; i < n; i++)
        ws->zc[ws->umap[i]] = ws->zr[i];
    if (ncs_solve_part_residual(c, cc) > c->tol) {
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
NCS_INTERNAL int ncs_solve_prepare(call *c) {
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
                left -= ncs_uf_unite(ws->comp, contact_of_u(c, i), contact_of_u(c, j));
    if (!NCS_LCP_SMALL && left == 0) {    /* one set (or not decomposing) */
        for (j = 0; j < c->nc; j++)
            ws->comp[j] = 0;
        c->ncomp = 1;
    } else {
        c->ncomp = ncs_uf_label(ws->comp, c->nc);
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
NCS_INTERNAL int ncs_solve_try_structured(call *c) {
    ncs_lcp_workspace *ws = c->ws;
    const ncs_layout *L = c->L;
    int i, j, g = L->ngroups, cc;
    if (!ncs_solve_prepare(c))
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
     * them, and part_residual measured it exactly as ncs_solve_accept() would (the
               * same sums in the same order): no second pass unless w is wanted */
#if !NCS_LCP_SMALL
    if (c->ncomp == 1 && !c->want_w) {
        c->residual = c->kept_res;
        return 1;
    }
#endif
    return ncs_solve_accept(c);
}
