/* solve_rescue.c - the LCP solver's rescues: re-solves and restarts for an
 * LCP that every Lemke path left unsolved (iterative refinement, strict
 * ties, the regularised reduced restart, the fallbacks: docs/solver.md,
 * "Fallbacks"). Left out of a firmware copy, where bytes count more
 * (NCS_LCP_SMALL 1: one.c does not include it). */
#include "solve_internal.h"

#if !NCS_REAL_IS_FLOAT
/* B_JJ z_J = -b_J on the index set J into ws->zc (zero outside J), with
 * refinement whose residual is summed in long double; when B_JJ is
 * singular (redundant contacts carrying impulse: a consistent system with
 * many solutions) proximal steps on B_JJ + delta I instead, delta 1e-10 of
 * the largest |B_JJ| (eight rounds from z_J = z0_J, or 0 when z0 is NULL:
 * they converge to a solution of the consistent system near the start, so
 * a pile keeps the share of its redundant contacts that it had). Returns
 * the size of J, or -1 when even B_JJ + delta I is singular. */
NCS_INTERNAL int ncs_solve_set_solve_refined(call *c, const unsigned char *J, const ncs_real *z0) {
    ncs_lcp_workspace *ws = c->ws;
    int i, k, n = 0, round, rounds = 3;
    ncs_real big = 0, *M;
    for (i = 0; i < c->m; i++)
        if (J[i]) {
            ws->umap[n++] = i;
            big = ws->rmax[i] > big ? ws->rmax[i] : big;
        }
    memset(ws->zc, 0, (size_t)c->m * sizeof *ws->zc);
    for (i = 0; i < n && z0; i++)
        ws->zc[ws->umap[i]] = z0[ws->umap[i]];
    /* one factor serves every round: B_JJ, else B_JJ + delta I */
    M = ncs_solve_gather(c, n, 1);
    if (ncs_dense_factor(n, M, n, ws->perm) != 0) {
        if (!(big > 0))
            return -1;                  /* B_JJ zero: no proximal step either */
        M = ncs_solve_gather(c, n, 1);
        for (k = 0; k < n; k++)
            M[(size_t)k * (size_t)n + (size_t)k] += big * NCS_RC(1e-10);
        if (ncs_dense_factor(n, M, n, ws->perm) != 0)
            return -1;
        rounds = 8;
    }
    for (round = 0; round < rounds; round++) {
        for (i = 0; i < n; i++) {       /* -b_J - B_JJ z_J, summed wider */
            const ncs_real *Bi = ncs_solve_brow(c, ws->umap[i]);
            long double r = -(long double)c->b[ws->umap[i]];
            for (k = 0; k < n; k++)
                r -= (long double)Bi[ws->umap[k]] * ws->zc[ws->umap[k]];
            ws->trial[i] = (ncs_real)r;
        }
        memcpy(ws->br, ws->trial, (size_t)n * sizeof *ws->br);
        ncs_dense_lu_solve(n, M, n, ws->perm, ws->br);
        for (i = 0; i < n; i++)
            ws->zc[ws->umap[i]] += ws->br[i];
    }
    return n;
}

/* The repair of a guess (from_guess) on one factor: the index set J of
 * the guess changes by one index per exchange (a contact starts or stops
 * carrying impulse or sliding), and ncs_solve_try_repair factors B_JJ
 * again for each, n^3 / 3 flops per exchange where the change is of rank
 * one or two. Here B_J0J0 (J0: the set it starts from; + delta I when it
 * is singular, the proximal steps of ncs_solve_set_solve_refined) is
 * factored once and every later set J = J0 - R + D is solved through the
 * bordered system of the Schur-complement method of active-set solvers:
 *
 *     [ M0    C ] [x]   [f]      C = [B_J0,D  E_R],   Q^T = [B_D,J0; E_R^T],
 *     [ Q^T   G ] [y] = [g],     G = [B_DD (+ delta I)  0; 0  0],
 *
 * with f the right-hand side on J0 (0 on R), g its entries on D (0 for R):
 * the columns E_R (unit columns at R's places) carry a free multiplier
 * that takes up the dropped rows, and the rows E_R^T hold x_R = 0, so x on
 * J0 - R and y on D solve B_JJ z_J = f_J. With W = M0^-1 C and the Schur
 * complement S = G - Q^T W (s x s, s <= cap entries): S y = g - Q^T M0^-1 f,
 * x = M0^-1 f - W y. An exchange costs one solve with M0's factor and the
 * column or row of B it adds (n0 m to generate from the closed forms); S
 * is factored again each time (s^3 / 3). An index that flips back leaves
 * the border. The exchange rule is ncs_solve_try_repair's; only a set
 * whose singularity differs from J0's is solved otherwise (proximal steps
 * when J0 needed them, the hand-over below when S is singular). Each
 * exchange is solved from z0 on J with the rounds of
 * ncs_solve_set_solve_refined (3, or 8 proximal ones when M0 was
 * singular; residuals summed in long double), then checked like
 * ncs_solve_try_repair. When the tableau's memory cannot hold M0, W, Q and
 * S, or S is singular, the rest of the exchanges go to
 * ncs_solve_try_repair. Returns 1 when zc verified on the full LCP. */
enum { FIXED_CAP = 64 };
NCS_INTERNAL int ncs_solve_repair_fixed(call *c, unsigned char *J, int cap, const ncs_real *z0) {
    ncs_lcp_workspace *ws = c->ws;
    int i, k, t, u, n0 = 0, s = 0, it = 0, round, rounds = 3, m = c->m;
    int idx[FIXED_CAP], pos[FIXED_CAP], add[FIXED_CAP], sperm[FIXED_CAP];
    ncs_real big = 0, delta = 0, *M0, *W, *Q, *S, *x;
    size_t room = (size_t)ws->lw.mmax * ((size_t)ws->lw.mmax + 2);
    if (cap > FIXED_CAP)
        cap = FIXED_CAP;
    for (i = 0; i < m; i++)
        if (J[i]) {
            ws->umap[n0++] = i;
            big = ws->rmax[i] > big ? ws->rmax[i] : big;
        }
    if ((size_t)n0 * (size_t)n0 + (2 * (size_t)cap + 1) * (size_t)n0 +
        (size_t)cap * (size_t)cap > room || n0 == 0)
        return ncs_solve_try_repair(c, J, cap, z0);
    M0 = ncs_solve_gather(c, n0, 1);
    if (ncs_dense_factor(n0, M0, n0, ws->perm) != 0) {
        if (!(big > 0))
            return 0;
        delta = big * NCS_RC(1e-10);
        M0 = ncs_solve_gather(c, n0, 1);
        for (k = 0; k < n0; k++)
            M0[(size_t)k * (size_t)n0 + (size_t)k] += delta;
        if (ncs_dense_factor(n0, M0, n0, ws->perm) != 0)
            return 0;
        rounds = 8;
    }
    W = M0 + (size_t)n0 * (size_t)n0;     /* cap columns of n0 */
    Q = W + (size_t)cap * (size_t)n0;     /* cap rows of n0 (added indices) */
    x = Q + (size_t)cap * (size_t)n0;     /* n0 */
    S = x + n0;                           /* s x s, factored */
    for (it = 0;; it++) {
        int worst;
        /* S = G - Q^T W, factored */
        for (t = 0; t < s; t++) {
            const ncs_real *Bt = add[t] ? ncs_solve_brow(c, idx[t]) : NULL;
            for (u = 0; u < s; u++) {
                const ncs_real *Wu = W + (size_t)u * (size_t)n0;
                ncs_real v = 0;
                if (add[t]) {
                    const ncs_real *Qt = Q + (size_t)t * (size_t)n0;
                    if (add[u])
                        v = Bt[idx[u]] + (t == u ? delta : 0);
                    for (k = 0; k < n0; k++)
                        v -= Qt[k] * Wu[k];
                } else {
                    v = -Wu[pos[t]];
                }
                S[(size_t)t * (size_t)s + (size_t)u] = v;
            }
        }
        if (ncs_dense_factor(s, S, s, sperm) != 0)
            return ncs_solve_try_repair(c, J, cap - it, z0);
        /* z from z0 on J, refined */
        memset(ws->zc, 0, (size_t)m * sizeof *ws->zc);
        for (i = 0; i < m && z0; i++)
            ws->zc[i] = J[i] ? z0[i] : 0;
        for (round = 0; round < rounds; round++) {
            ncs_real y[FIXED_CAP];
            for (i = 0; i < m; i++) {   /* -b_J - B_JJ z_J, summed wider */
                long double r;
                const ncs_real *Bi;
                if (!J[i])
                    continue;
                Bi = ncs_solve_brow(c, i);
                r = -(long double)c->b[i];
                for (k = 0; k < m; k++)
                    if (J[k] && ws->zc[k] != 0)
                        r -= (long double)Bi[k] * ws->zc[k];
                ws->trial[i] = (ncs_real)r;
            }
            for (k = 0; k < n0; k++)    /* f: 0 at R's places */
                x[k] = J[ws->umap[k]] ? ws->trial[ws->umap[k]] : 0;
            ncs_dense_lu_solve(n0, M0, n0, ws->perm, x);
            for (t = 0; t < s; t++) {   /* g - Q^T M0^-1 f */
                const ncs_real *Qt = Q + (size_t)t * (size_t)n0;
                ncs_real v = 0;
                if (add[t]) {
                    v = ws->trial[idx[t]];
                    for (k = 0; k < n0; k++)
                        v -= Qt[k] * x[k];
                } else {
                    v = -x[pos[t]];
                }
                y[t] = v;
            }
            ncs_dense_lu_solve(s, S, s, sperm, y);
            for (u = 0; u < s; u++) {
                const ncs_real *Wu = W + (size_t)u * (size_t)n0;
                for (k = 0; k < n0; k++)
                    x[k] -= Wu[k] * y[u];
                if (add[u])
                    ws->zc[idx[u]] += y[u];
            }
            for (k = 0; k < n0; k++)
                if (J[ws->umap[k]])
                    ws->zc[ws->umap[k]] += x[k];
        }
        if ((worst = ncs_solve_repair_step(c, J)) < 0)
            return worst == -1;
        if (it + 1 >= cap)
            return 0;
        J[worst] = (unsigned char)!J[worst];
        for (t = 0; t < s && idx[t] != worst; t++)
            ;
        if (t < s) {                    /* back as in J0: leaves the border */
            s--;
            idx[t] = idx[s];
            pos[t] = pos[s];
            add[t] = add[s];
            memcpy(W + (size_t)t * (size_t)n0, W + (size_t)s * (size_t)n0,
                   (size_t)n0 * sizeof *W);
            memcpy(Q + (size_t)t * (size_t)n0, Q + (size_t)s * (size_t)n0,
                   (size_t)n0 * sizeof *Q);
            continue;
        }
        {
            ncs_real *Wt = W + (size_t)s * (size_t)n0, *Qt = Q + (size_t)s * (size_t)n0;
            idx[s] = worst;
            add[s] = J[worst];
            pos[s] = -1;
            if (add[s]) {               /* C's column B_J0,i and Q's row B_i,J0 */
                const ncs_real *Bi = ncs_solve_brow(c, worst);
                for (k = 0; k < n0; k++)
                    Qt[k] = Bi[ws->umap[k]];
                for (k = 0; k < n0; k++)
                    Wt[k] = ncs_solve_brow(c, ws->umap[k])[worst];
            } else {                    /* E_R's column */
                for (k = 0; k < n0 && ws->umap[k] != worst; k++)
                    ;
                pos[s] = k;
                memset(Wt, 0, (size_t)n0 * sizeof *Wt);
                Wt[k] = 1;
            }
            ncs_dense_lu_solve(n0, M0, n0, ws->perm, Wt);
            s++;
        }
    }
}

/* Host, double, inside plain Lemke's polish (a near miss of an
 * ill-conditioned basis: two nearly parallel contacts): re-solves the index
 * set J as a solve in higher precision would (ncs_solve_set_solve_refined:
 * refinement summed in long double; proximal steps when B_JJ is
 * singular), sets negative entries at rounding level to 0 (larger ones are
 * left for the verification to judge) and verifies. Returns 1 when zc
 * verified. */
NCS_INTERNAL int ncs_solve_refine_on_set(call *c, const unsigned char *J) {
    ncs_lcp_workspace *ws = c->ws;
    int i;
    if (ncs_solve_set_solve_refined(c, J, NULL) < 0)
        return 0;
    for (i = 0; i < c->m; i++)
        if (ws->zc[i] < 0 && ws->zc[i] >= -c->tol * NCS_RC(1e3) * (1 + -ws->zc[i]))
            ws->zc[i] = 0;
    return ncs_solve_accept(c);
}

/* Polish of a verified answer (OSQP's solution polishing, from the
 * answer's own support). An answer within tol may leave a contact
 * approaching at up to tol times its scale (or a z_j slightly negative,
 * clamped); on a resting pile the next step's warm start keeps that
 * support, so the error grows step after step and integrates into drift (a
 * frictionless pyramid of ten boxes: warm starts verified at 4e-11, 5e-11,
 * ... 8e-10 on consecutive steps, boxes 1.6e-6 sideways after 10^4 steps).
 * When c->residual is above POLISH_FRACTION * tol, the support of ws->zc
 * is re-solved (set_solve_refined) and its worst violation beyond that
 * level exchanged (a z_j < 0 leaves, a w_i < 0 enters; scaled as
 * ncs_lcp_residual), at most POLISH_CAP times. The result replaces the
 * answer only when it verifies with a smaller residual; otherwise ws->zc,
 * ws->wc and c->residual are as they were. Memory: ws->best (free once a
 * call verified) keeps the answer, ws->zb the index set. */
enum { POLISH_CAP = 8 };
#define POLISH_FRACTION NCS_RC(1e-3)
NCS_INTERNAL void ncs_solve_polish_verified(call *c) {
    ncs_lcp_workspace *ws = c->ws;
    unsigned char *J = ws->zb;
    ncs_real res0 = c->residual, thr = c->tol * POLISH_FRACTION;
    int it, i, m = c->m;
    if (!(res0 > thr) || m == 0)
        return;
    memcpy(ws->best, ws->zc, (size_t)m * sizeof *ws->best);
    for (i = 0; i < m; i++)
        J[i] = ws->zc[i] > 0;
    for (it = 0; it < POLISH_CAP; it++) {
        int worst;
        if (ncs_solve_set_solve_refined(c, J, NULL) < 0 ||
            !(ncs_solve_residual(c, ws->zc, ws->wc, NULL, 0) < NCS_HUGE))
            break;
        worst = ncs_solve_worst_violation(c, J, thr);
        if (worst < 0) {                /* at rounding level: clamp and verify */
            for (i = 0; i < m; i++)
                ws->zc[i] = ws->zc[i] > 0 ? ws->zc[i] : 0;
            if (ncs_solve_accept(c) && c->residual < res0)
                return;
            break;
        }
        J[worst] = (unsigned char)!J[worst];
    }
    memcpy(ws->zc, ws->best, (size_t)m * sizeof *ws->zc);   /* as it was */
    ncs_solve_accept(c);
    c->residual = res0;
}


/* The warm start on a support whose B_JJ is singular (a resting pile:
 * redundant contacts carrying impulse): ncs_solve_set_solve_refined's
 * proximal steps, negative entries at rounding level clamped
 * (ncs_solve_clamp_set: zc is 0 outside J), verified. Returns 1 when zc
 * verified. */
NCS_INTERNAL int ncs_solve_warm_prox(call *c, const unsigned char *J) {
    int n = ncs_solve_set_solve_refined(c, J, NULL);
    return n >= 0 && ncs_solve_clamp_set(c, n) == 0 && ncs_solve_accept(c);
}
#endif

/* Plain Lemke once more (ncs_solve_lemke_once) with one of the Lemke
 * work's run flags set for that run: strict_z0 (the last rescue) or tight
 * (after a failed plain run). Returns 1 when zc verified. */
NCS_INTERNAL int ncs_solve_lemke_flagged(call *c, int *path, int *flag) {
    int ok;
    *flag = 1;
    ok = ncs_solve_lemke_once(c, path);
    *flag = 0;
    return ok;
}

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
    ncs_real zs = 0, bs = 0, res = 0;
    int i, j;
    g.ctx = c;
    *big = 0;
    for (i = 0; i < mr; i++) {
        zs = NCS_FABS(ws->zr[i]) > zs ? NCS_FABS(ws->zr[i]) : zs;
        bs = NCS_FABS(ws->br[i]) > bs ? NCS_FABS(ws->br[i]) : bs;
    }
    for (i = 0; i < mr; i++) {
        ncs_rowsum r;
        ncs_real rmax = 0, ri;
        ncs_solve_reduced_rows(&g, i, row, 1);        /* negated */
        ncs_rowsum_start(&r, ws->br[i]);
        for (j = 0; j < mr; j++) {
            ncs_rowsum_add(&r, -row[j] * ws->zr[j], ws->zr[j]);
            rmax = NCS_FABS(row[j]) > rmax ? NCS_FABS(row[j]) : rmax;
        }
        *big = rmax > *big ? rmax : *big;
        ri = ncs_row_measure(ws->zr[i], &r, ws->br[i], rmax, zs, bs, NULL);
        res = ri > res ? ri : res;
    }
    return res;
}

/* Re-solves the reduced LCP (mr rows) of the last build_reduced on the set
 * J (z_j in J where lw->where[mr + j] >= 0) exactly, M_JJ z_J = -b_J, into
 * ws->zr (z outside J: 0; negative values kept, for the caller to judge):
 * Gaussian elimination with partial pivoting and two rounds of iterative
 * refinement whose residual is summed in long double (double builds). When M_JJ is
 * singular (redundant contacts with impulse: a consistent system, many
 * solutions) the solve is made on M_JJ + delta I (delta 1e-10 of its
 * largest entry) and refined against M_JJ for eight rounds (proximal
 * steps: they converge to a solution of the consistent system). Memory: the
 * tableau (free once a run ended; Lemke's index arrays keep the basis) and
 * lw->col for the answer being refined. Returns 0 with the answer in ws->zr,
 * or -1 when even M_JJ + delta I is singular (ws->zr left as it was). */
#if NCS_REAL_IS_FLOAT
typedef ncs_real ncs_wide;  /* float: no wider sum (a firmware FPU is single) */
#else
typedef long double ncs_wide;   /* double: the residual summed wider */
#endif

static int resolve_reduced_basis(call *c, int mr) {
    ncs_lcp_workspace *ws = c->ws;
    ncs_lemke_work *lw = &ws->lw;
    ncs_real *M = lw->T, *row = M + (size_t)mr * (size_t)mr, *rhs = row + mr, delta = 0;
    ncs_real *z = lw->col;              /* the answer refined; ws->zr on success */
    ncs_lemke_rows g;
    int i, j, n, a, b, round;
    g.ctx = c;
#define BASIC(j) (lw->where[mr + (j)] >= 0)    /* z_j in J */
    for (i = 0; i < mr; i++)
        z[i] = 0;
    for (round = 0; round < (delta > 0 ? 8 : 3); round++) {  /* solve, refine */
        ncs_real amax = 0;
        for (i = 0, a = 0, n = 0; i < mr; i++) {  /* M_JJ, and -b_J - M_JJ z_J */
            ncs_wide r;
            if (!BASIC(i))
                continue;
            ncs_solve_reduced_rows(&g, i, row, 1);    /* negated */
            r = -(ncs_wide)ws->br[i];
            for (j = 0, b = 0; j < mr; j++)
                if (BASIC(j)) {
                    M[(size_t)a * (size_t)mr + (size_t)b] = -row[j] + (a == b ? delta : 0);
                    amax = NCS_FABS(row[j]) > amax ? NCS_FABS(row[j]) : amax;
                    b++;
                    r += (ncs_wide)row[j] * z[j];
                }
            rhs[a++] = (ncs_real)r;
            n = b;
        }
        if (ncs_dense_solve(n, M, mr, rhs, lw->cand) != 0) {  /* ws->perm: enumerate() */
            if (delta > 0 || round > 0 || !(amax > 0))
                return -1;              /* M_JJ zero: no proximal step either */
            delta = amax * NCS_RC(1e-10);   /* singular: proximal steps on M + delta I */
            round = -1;
            continue;
        }
        for (i = 0, a = 0; i < mr; i++)
            if (BASIC(i))
                z[i] += rhs[a++];
    }
    memcpy(ws->zr, z, (size_t)mr * sizeof *z);
    return 0;
}

/* The index of z (the reduced LCP's) whose exchange most reduces the worst
 * violation of ws->zr, unclamped: a z_j < 0 in J, or a w_i < 0 outside it,
 * each scaled as ncs_row_measure scales it; -1 when none is beyond the
 * tolerance. */
static int reduced_worst(call *c, int mr) {
    ncs_lcp_workspace *ws = c->ws;
    ncs_lemke_work *lw = &ws->lw;
    ncs_real *row = lw->T + (size_t)mr * (size_t)mr, zs = 0, most = c->tol * NCS_RC(1e-3);
    ncs_lemke_rows g;
    int i, j, worst = -1;
    g.ctx = c;
    for (i = 0; i < mr; i++)
        zs = NCS_FABS(ws->zr[i]) > zs ? NCS_FABS(ws->zr[i]) : zs;
    for (i = 0; i < mr; i++) {
        ncs_real v;
        if (BASIC(i)) {
            v = zs > 0 ? -ws->zr[i] / zs : 0;
        } else {
            ncs_real w = ws->br[i], rmax = 0, sc;
            ncs_solve_reduced_rows(&g, i, row, 1);    /* negated */
            for (j = 0; j < mr; j++) {
                w -= row[j] * ws->zr[j];
                rmax = NCS_FABS(row[j]) > rmax ? NCS_FABS(row[j]) : rmax;
            }
            sc = NCS_FABS(ws->br[i]) + rmax * zs;
            v = sc > 0 ? -w / sc : 0;
        }
        if (v > most) {
            most = v;
            worst = i;
        }
    }
    return worst;
}
#undef BASIC

/* An attempt whose lift missed while Lemke's reduced answer also misses its
 * own reduced LCP (a degenerate reduced LCP: redundant contacts, Lemke's
 * values rounded on a near-singular basis): the run's basis is re-solved
 * exactly and the answer lifted and verified again, as plain Lemke's answer
 * is polished. No Lemke run. Returns 1 when ws->zc verified; otherwise
 * ws->zr, ws->a and ws->zc hold the re-solved answer (or Lemke's, when the
 * basis is singular) and c->part_res its residual. */
NCS_INTERNAL int ncs_solve_polish_reduced(call *c, int cc, int ngc, int ncr, int mr) {
    ncs_lcp_workspace *ws = c->ws;
    ncs_real big, *row = ws->lw.T + (size_t)mr * (size_t)mr;
    int it, i;
    if (mr == 0 || !(reduced_residual(c, mr, row, &big) > c->tol))
        return 0;
    for (i = 0; i < mr; i++)           /* J: Lemke's support (basic zeros left out) */
        ws->lw.where[mr + i] = ws->zr[i] > 0 ? 0 : -1;
    for (it = 0; it < 8; it++) {
        if (resolve_reduced_basis(c, mr) != 0) {
            if (it == 0)
                return 0;               /* ws->zr, ws->a, ws->zc: Lemke's */
            break;                      /* ws->zr: the last re-solved answer */
        }
        i = reduced_worst(c, mr);
        if (i < 0)
            break;
        ws->lw.where[mr + i] = ws->lw.where[mr + i] >= 0 ? -1 : 0;
    }
    for (i = 0; i < mr; i++)
        ws->zr[i] = ws->zr[i] > 0 ? ws->zr[i] : 0;
    ncs_solve_lift(c, cc, ngc, ncr);
    return ncs_solve_part_residual(c, cc) <= c->tol;
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
NCS_INTERNAL int ncs_solve_try_reduced_regularised(call *c, int cc, int ngc, int ncr, int mr, int loose) {
    ncs_lcp_workspace *ws = c->ws;
    ncs_lemke_work *lw = &ws->lw;
    ncs_real *row = lw->T + (size_t)mr * (size_t)mr, big;
    int round, i, st;
    if (!c->restartpass || mr == 0 || c->ebest < NCS_HUGE ||
        !(reduced_residual(c, mr, row, &big) > c->tol))
        return 0;                       /* a rescue: only while nothing verified */
    for (round = loose ? 0 : 1; round < 3 && !ncs_solve_over_budget(c); round++) {
        c->attempts++;
        lw->strict_z0 = 1;
        c->gdelta = round == 0 ? 0 : big * (round == 2 ? REG_DELTA_LARGE : REG_DELTA_SMALL);
        st = ncs_solve_lemke_on_br(c, mr, NULL);
        c->gdelta = 0;
        lw->strict_z0 = 0;
        if (st != NCS_LCP_SOLVED)
            continue;
if (resolve_reduced_basis(c, mr) != 0)
            continue;
        for (i = 0; i < mr; i++)
            ws->zr[i] = ws->zr[i] > 0 ? ws->zr[i] : 0;
        ncs_solve_lift(c, cc, ngc, ncr);
        if (ncs_solve_part_residual(c, cc) <= c->tol)
            return 1;
    }
    if (ncs_solve_lemke_on_br(c, mr, NULL) == NCS_LCP_SOLVED) {    /* the attempt's own run */
        ncs_solve_lift(c, cc, ngc, ncr);
        ncs_solve_part_residual(c, cc);
    }
    return 0;
}

/* ---- fallbacks: an LCP that every Lemke path left unsolved ------------- *
 * They run only after the strategy above failed (docs/solver.md,
 * "Fallbacks"), so a step that Lemke solves never pays for them. */

/* 1 when ws->zc is not far along a ray: max|z| <= 1e9 max|b| / max|B_ij|.
 * The scaled residual is relative to max|z|, so on an LCP without solution
 * a point far enough along a ray of B passes it (random infeasible Stewart
 * LCPs: z of 1e9 to 1e17 "verified"); a fallback's z must also be of the
 * data's own scale. */
NCS_INTERNAL int ncs_solve_bounded(const call *c) {
    int i;
    ncs_real zmax = 0, bmax = 0, Bmax = 0;
    for (i = 0; i < c->m; i++) {
        zmax = NCS_FABS(c->ws->zc[i]) > zmax ? NCS_FABS(c->ws->zc[i]) : zmax;
        bmax = NCS_FABS(c->b[i]) > bmax ? NCS_FABS(c->b[i]) : bmax;
        Bmax = c->ws->rmax[i] > Bmax ? c->ws->rmax[i] : Bmax;
    }
    return zmax * Bmax <= NCS_RC(1e9) * bmax;
}

enum { REG_PROX_STEPS = 4 };   /* try_proximal: steps per delta */

/* Lemke on B + delta I with b - delta zk (zk: ws->trial; NULL: b), its
 * answer into ws->trial. Returns Lemke's status. */
static int regularised_lemke(call *c, ncs_real delta, const ncs_real *zk) {
    ncs_lcp_workspace *ws = c->ws;
    int i, st;
    for (i = 0; i < c->m; i++) {        /* (solve_on_set leaves its own set there) */
        ws->umap[i] = i;
        ws->br[i] = zk ? c->b[i] - delta * zk[i] : c->b[i];
    }
    c->attempts++;
    st = ncs_solve_lemke_block(c, c->m, ws->umap, delta, ws->zb);
    if (st == NCS_LCP_SOLVED)
        memcpy(ws->trial, ws->zr, (size_t)c->m * sizeof *ws->trial);
    return st;
}

/* Regularised restart: Lemke on B + delta I (delta relative to the largest
 * |B_ij|: a ray or a tie of B is often not one of the perturbed LCP), then
 * its basis re-solved on the original LCP (solve_on_set) and verified.
 * Two deltas, 1e-9 and 1e-5. Returns 1 when zc verified. */
NCS_INTERNAL int ncs_solve_try_regularised(call *c) {
    ncs_lcp_workspace *ws = c->ws;
    int i, m = c->m, round;
    ncs_real big = 0;
    for (i = 0; i < m; i++)
        big = ws->rmax[i] > big ? ws->rmax[i] : big;
    for (round = 0; round < 2; round++) {
        ncs_real delta = big * (round ? NCS_RC(1e-5) : NCS_RC(1e-9));
        if (regularised_lemke(c, delta, NULL) == NCS_LCP_SOLVED &&
            ((ncs_solve_solve_on_set(c, ws->zb) == 0 && ncs_solve_accept(c)) ||
             REPAIR_RESCUE(c, ws->zb)) &&
            ncs_solve_bounded(c))   /* far along a ray: the next fallbacks */
            return 1;
    }
    return 0;
}

/* Proximal steps, the last fallback: z_0 solves the LCP of B + delta I
 * (strictly copositive for a Stewart LCP: Lemke solves it), z_{k+1} the
 * LCP of B + delta I and b - delta z_k, whose fixed points solve the
 * original. For a pile's degenerate LCP whose supports are singular
 * (redundant contacts: no basis of the original is near, so the restart's
 * re-solve fails) and where Lemke on B ends on a ray. A z_k (k >= 1) counts
 * only when it verifies on the original and the sequence has settled:
 * the last step moved z by at most 1e-2 of its size, and the perturbation
 * delta z_k is at most 1e-3 of b's scale. On an LCP without solution the
 * z_k instead run off along a ray, |z_k| about k |b| / delta, and would pass
 * the scaled residual (about delta / max|B_r|: runtime.regress's LCPs
 * without solution met 2e-10..5e-10 with |z| 1e9 |b| / max|B|). Measured on
 * the 684-row LCP of 100 discs poured into a V (step 130 of
 * bench/box2d/valley100.ncs, the same LCP under every formulation: no
 * groups), where plain Lemke and every other path end on a ray: z_1
 * verifies at 2.8e-10, its step 3.3e-3 of |z|, |z| 4.35 |b| / max|B|.
 * Two deltas, 1e-9 and 1e-5 of max|B|; at most REG_PROX_STEPS steps each,
 * none after a z_k with delta |z_k| above b's scale. Returns 1 when zc
 * verified. */
NCS_INTERNAL int ncs_solve_try_proximal(call *c) {
    ncs_lcp_workspace *ws = c->ws;
    int i, m = c->m, round, k;
    ncs_real big = 0, bmax = 0;
    for (i = 0; i < m; i++) {
        big = ws->rmax[i] > big ? ws->rmax[i] : big;
        bmax = NCS_FABS(c->b[i]) > bmax ? NCS_FABS(c->b[i]) : bmax;
    }
    for (round = 0; round < 2; round++) {
        ncs_real delta = big * (round ? NCS_RC(1e-5) : NCS_RC(1e-9));
        for (k = 0; k <= REG_PROX_STEPS; k++) {
            ncs_real zs = 0, dz = 0;
            if (regularised_lemke(c, delta, k > 0 ? ws->trial : NULL) != NCS_LCP_SOLVED)
                break;
            for (i = 0; i < m; i++) {   /* zc: z_{k-1}, then z_k */
                ncs_real d = NCS_FABS(ws->trial[i] - ws->zc[i]);
                dz = d > dz ? d : dz;
                ws->zc[i] = ws->trial[i] > 0 ? ws->trial[i] : 0;
                zs = ws->zc[i] > zs ? ws->zc[i] : zs;
            }
            if (k > 0 && dz <= NCS_RC(1e-2) * zs && delta * zs <= NCS_RC(1e-3) * bmax &&
                ncs_solve_accept(c) && ncs_solve_bounded(c))
                return 1;
            if (delta * zs > bmax)
                break;                  /* along a ray: the next delta */
        }
    }
    return 0;
}

#if !NCS_REAL_IS_FLOAT
enum { BASES_MAX_M = 12 };  /* try_bases: 2^12 dense solves at most */

/* Host: every complementary basis J of a small LCP (m <= BASES_MAX_M),
 * B_JJ z_J = -b_J solved densely and verified; with a layout whose
 * contact data extracted, the verified z of smallest impulse energy is
 * kept, else the first. Exact on an LCP whose solutions are isolated
 * points, at most 2^m solves. Returns 1 when zc holds a verified z. */
NCS_INTERNAL int ncs_solve_try_bases(call *c) {
    ncs_lcp_workspace *ws = c->ws;
    int m = c->m, i, found = 0, energies = c->L && ncs_solve_prepare(c);
    unsigned long mask;
    ncs_real best = NCS_HUGE;
    if (m > BASES_MAX_M)
        return 0;
    for (mask = 0; mask < (1ul << m); mask++) {
        ncs_real e;
        for (i = 0; i < m; i++)
            ws->inC[i] = (unsigned char)(mask >> i & 1);
        c->attempts++;
        if (ncs_solve_set_solve(c, ws->inC) < 0 || !ncs_solve_accept(c))
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
        found = ncs_solve_accept(c);                  /* again: w and the residual */
        c->exact = energies;
    }
    return found;
}
#endif
