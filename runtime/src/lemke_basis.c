/* lemke_basis.c - Lemke's method on a factorised basis (lemke_basis.h).
 *
 * The constraint is I w - B z - e z0 = b (e all ones), as in lemke.c. A
 * basis is m variables, one at each position p; its matrix Bs has the
 * column of each: e_i for w_i, -B(:,j) for z_j, -e for z0. Solving
 * Bs x = a needs no m x m factor: the rows W whose w is basic hold a unit
 * column each, so with R the other rows (as many as the basic z's and z0)
 * and K = Bs(R, the z and z0 positions),
 *   K y = a_R,   x at the z and z0 positions = y,
 *   x at w_i's position = a_i + sum_j B_ij y_(z_j) + y_(z0)   (i in W).
 * Likewise for a row of Binv (the lexicographic rule's scales): Bs^T u =
 * e_p has u_W = e_i when w_i is at p (else 0), and K^T u_R = e_(p's column
 * of K) or, for a w position, minus the row of W's part of the z and z0
 * columns. A pivot changes one column of K and, when a w enters or
 * leaves, one row; rather than factor K (lu.c) every pivot, the pivots in
 * between keep their entering columns f = Binv a (in the positions) as
 * etas, the product form of the inverse: the new basis is the old one
 * times E = I + (f - e_r) e_r^T, so Binv x = E^-1 (old Binv x), which
 * changes x_r to x_r / f_r and the others by - f x_r / f_r. After
 * NCS_LEMKEB_ETAS of them K is factored again and the basic values solved
 * afresh; in between they are updated by the ratio step, as a tableau's.
 *
 * Equalities (a mixed LCP: the last nfree rows have w = 0 and a free z):
 * their z is basic from the start and never leaves, their w never enters,
 * so every K holds their rows and columns. With F the free z's and C the
 * other variables, the basis solve Bs [x_C; x_F] = [a; 0] is the solve of
 * the Schur complement S = Bs_CC - Bs_CF Bs_FF^-1 Bs_FC, the basis of the
 * LCP the free variables' elimination leaves, S x_C = a: the ratio test
 * and the lexicographic rule read the same numbers as on that LCP. This
 * is how the contact-space LCP w = (B0 + E G Minv G^T S) z + b runs
 * without its nu x nu Delassus matrix (lcp_aug.c): the free variables are
 * the bodies' velocity changes y = Minv G^T S z, and every column is
 * sparse.
 */
#include <math.h>
#include <string.h>
#include "ncs/lcp.h"
#include "lemke_basis.h"

NCS_INTERNAL size_t ncs_lemkeb_ints(int mmax, long nzmax, int cap) {
    return (size_t)mmax * 10 + (size_t)(2 * mmax + 1) + 1 + (size_t)nzmax + (size_t)mmax +
           NCS_LEMKEB_ETAS + ncs_lu_ints(mmax, cap);
}

NCS_INTERNAL size_t ncs_lemkeb_reals(int mmax, long nzmax, int cap) {
    return (size_t)mmax * (7 + NCS_LEMKEB_ETAS) + (size_t)nzmax + (size_t)mmax +
           ncs_lu_reals(mmax, cap);
}

NCS_INTERNAL void ncs_lemkeb_bind(ncs_lemkeb *lb, int mmax, long nzmax, int cap, int *iv,
                                  ncs_real *rv) {
    lb->mmax = mmax;
    lb->kcap = (int)nzmax + mmax;
    lb->basis = iv;
    lb->where = lb->basis + mmax;
    lb->krow = lb->where + 2 * mmax + 1;
    lb->kpos = lb->krow + mmax;
    lb->cand = lb->kpos + mmax;
    lb->order = lb->cand + mmax;
    lb->seen = lb->order + mmax;
    lb->pref = lb->seen + mmax;
    lb->wpos = lb->pref + mmax;
    lb->kv = lb->wpos + mmax;
    lb->etar = lb->kv + mmax;
    lb->kp = lb->etar + NCS_LEMKEB_ETAS;
    lb->ki = lb->kp + mmax + 1;
    lb->beta = rv;
    lb->x = rv + mmax;
    lb->col = lb->x + mmax;
    lb->a = lb->col + mmax;
    lb->y = lb->a + mmax;
    lb->scale = lb->y + mmax;
    lb->v = lb->scale + mmax;
    lb->eta = lb->v + mmax;
    lb->kx = lb->eta + (size_t)NCS_LEMKEB_ETAS * (size_t)mmax;
    ncs_lu_bind(&lb->lu, mmax, cap, lb->ki + lb->kcap, lb->kx + lb->kcap);
    lb->loose_exit = lb->refactors = lb->neta = 0;
    lb->delta = 0;
    lb->max_etas = NCS_LEMKEB_ETAS;
}

/* One LCP's view: the workspace, its order n, its m complementary rows
 * (the rest are equalities whose z is free) and B. */
typedef struct lbrun {
    ncs_lemkeb *lb;
    int n, m;
    const int *bp, *bi;
    const ncs_real *bx;
    int nk;             /* order of K */
} lbrun;

/* Entries of column j of B: its degree in the graph of the ordering. */
static int lb_degree(const lbrun *R, int j) {
    return R->bp[j + 1] - R->bp[j];
}

/* The order of K's columns: reverse Cuthill-McKee over the pattern of B's
 * columns (index j next to the rows of column j), once per run. Each
 * breadth-first search starts at an unvisited index of least degree and
 * visits the neighbours of an index by increasing degree; the whole
 * order is reversed. With the rows pivoted on K's diagonal where the
 * threshold allows (the row of w_j for the column of z_j), the factor's
 * fill stays within the order's profile: a 464-column basis of the
 * 100-disc pour filled L and U with 106,000 entries in the order of z. */
static void lb_order_rcm(lbrun *R) {
    ncs_lemkeb *lb = R->lb;
    int m = R->n, *order = lb->order, *seen = lb->seen, head = 0, tail = 0, i, a, b, p;
    for (i = 0; i < m; i++)
        seen[i] = 0;
    while (tail < m) {
        int best = -1;
        for (i = 0; i < m; i++)
            if (!seen[i] && (best < 0 || lb_degree(R, i) < lb_degree(R, best)))
                best = i;
        seen[best] = 1;
        order[tail++] = best;
        while (head < tail) {
            int j = order[head++], first = tail;
            for (p = R->bp[j]; p < R->bp[j + 1]; p++)
                if (!seen[R->bi[p]]) {
                    seen[R->bi[p]] = 1;
                    order[tail++] = R->bi[p];
                }
            for (a = first + 1; a < tail; a++) {    /* by degree (insertion) */
                int v = order[a];
                for (b = a; b > first && lb_degree(R, order[b - 1]) > lb_degree(R, v); b--)
                    order[b] = order[b - 1];
                order[b] = v;
            }
        }
    }
    for (i = 0; i < m / 2; i++) {
        int t = order[i];
        order[i] = order[m - 1 - i];
        order[m - 1 - i] = t;
    }
}

/* K from the basis: rows R (w nonbasic), columns the z positions in the
 * order of order_rcm, then z0's (its column is full: last, it fills
 * nothing); its entries fit in kcap (nnz(B) + m, checked by the run).
 * Factors it. Returns 0, or the status of a failure. */
static int lb_refactor(lbrun *R) {
    ncs_lemkeb *lb = R->lb;
    int m = R->n, i, t, p, nk = 0, nz = 0, c = 0;
    for (i = 0; i < m; i++)
        lb->krow[i] = lb->where[i] < 0 ? nk++ : -1;
    for (t = 0; t <= m; t++) {
        int j = t < m ? lb->order[t] : m, v = j < m ? m + j : 2 * m;
        if (lb->where[v] < 0)
            continue;
        lb->pref[c] = j < m ? lb->krow[j] : -1;
        lb->kv[c] = v;
        lb->kp[c] = nz;
        lb->kpos[c++] = lb->where[v];
        if (j < m) {
            int diag = lb->delta != 0 && j < R->m;  /* B_jj + delta (a set solve) */
            for (p = R->bp[j]; p < R->bp[j + 1]; p++)
                if (lb->krow[R->bi[p]] >= 0) {
                    lb->ki[nz] = lb->krow[R->bi[p]];
                    lb->kx[nz++] = -R->bx[p];
                    if (diag && R->bi[p] == j) {
                        lb->kx[nz - 1] -= lb->delta;
                        diag = 0;
                    }
                }
            if (diag) {
                lb->ki[nz] = lb->krow[j];
                lb->kx[nz++] = -lb->delta;
            }
        } else {
            for (i = 0; i < R->m; i++)  /* e over the complementary rows */
                if (lb->krow[i] >= 0) {
                    lb->ki[nz] = lb->krow[i];
                    lb->kx[nz++] = -1;
                }
        }
    }
    lb->kp[c] = nz;                     /* c == nk: a basis has m variables */
    R->nk = nk;
    for (i = 0; i < m; i++)
        lb->wpos[i] = lb->where[i];
    lb->neta = 0;
    lb->refactors++;
    switch (ncs_lu_factor(&lb->lu, nk, lb->kp, lb->ki, lb->kx, lb->pref, NCS_TOL_PIVOT)) {
    case 0:
        return 0;
    case 2:
        return NCS_LCP_WORKSPACE;
    default:
        return NCS_LCP_NUMERICAL;
    }
}

/* x = Binv a over the positions (a over the rows, left as it was): K's
 * solve for the basis K was factored with (wpos, kv), then the etas. */
static void lb_ftran(lbrun *R, const ncs_real *a, ncs_real *x) {
    ncs_lemkeb *lb = R->lb;
    int m = R->n, i, c, p, e;
    ncs_real *y = lb->y, z0 = 0;
    for (i = 0; i < m; i++)
        if (lb->krow[i] >= 0)
            y[lb->krow[i]] = a[i];
    ncs_lu_solve(&lb->lu, y);
    for (i = 0; i < m; i++)
        if (lb->wpos[i] >= 0)
            x[lb->wpos[i]] = a[i];
    for (c = 0; c < R->nk; c++) {
        int v = lb->kv[c];
        x[lb->kpos[c]] = y[c];
        if (y[c] == 0)
            continue;
        if (v == 2 * m) {
            z0 = y[c];
            continue;
        }
        for (p = R->bp[v - m]; p < R->bp[v - m + 1]; p++) {
            int r = R->bi[p];
            if (lb->wpos[r] >= 0)
                x[lb->wpos[r]] += R->bx[p] * y[c];
        }
    }
    for (i = 0; z0 != 0 && i < m; i++)
        if (lb->wpos[i] >= 0)
            x[lb->wpos[i]] += z0;
    for (e = 0; e < lb->neta; e++) {    /* E^-1 x: E = I + (f - e_r) e_r^T */
        const ncs_real *f = lb->eta + (size_t)e * (size_t)lb->mmax;
        int r = lb->etar[e];
        ncs_real t = x[r] / f[r];
        if (t != 0)
            for (i = 0; i < m; i++)
                x[i] -= f[i] * t;
        x[r] = t;
    }
}

/* The largest magnitude of row p of Binv over its columns of the
 * complementary rows (with equalities: the inverse of the basis of the LCP
 * the free variables' elimination leaves): v = e_p
 * through the etas' transposes (last first: v^T E^-1 changes v_r only),
 * then Bs^T u = v for the basis K was factored with: u_i = v at w_i's
 * position, K^T u_R = v at K's positions plus W's part of the columns. */
static ncs_real lb_binv_row_max(lbrun *R, int p) {
    ncs_lemkeb *lb = R->lb;
    int m = R->n, i, c, q, e;
    ncs_real *y = lb->y, *v = lb->v, s = 0;
    for (i = 0; i < m; i++)
        v[i] = i == p ? 1 : 0;
    for (e = lb->neta - 1; e >= 0; e--) {
        const ncs_real *f = lb->eta + (size_t)e * (size_t)lb->mmax;
        int r = lb->etar[e];
        ncs_real d = 0;
        for (i = 0; i < m; i++)
            d += v[i] * f[i];
        v[r] -= (d - v[r] * f[r]) / f[r];
    }
    for (c = 0; c < R->nk; c++) {
        int vc = lb->kv[c];
        y[c] = v[lb->kpos[c]];
        if (vc == 2 * m) {
            for (i = 0; i < m; i++)
                if (lb->wpos[i] >= 0)
                    y[c] += v[lb->wpos[i]];
        } else {
            for (q = R->bp[vc - m]; q < R->bp[vc - m + 1]; q++)
                if (lb->wpos[R->bi[q]] >= 0)
                    y[c] += R->bx[q] * v[lb->wpos[R->bi[q]]];
        }
    }
    ncs_lu_solve_t(&lb->lu, y);
    for (i = 0; i < R->m; i++) {
        ncs_real u = lb->wpos[i] >= 0 ? v[lb->wpos[i]] : y[lb->krow[i]];
        s = NCS_FABS(u) > s ? NCS_FABS(u) : s;
    }
    return s;
}

/* The lexicographic rule among the ncand tied candidates (positions in
 * lb->cand; x the entering column): the least row of Binv divided by its
 * entry of x, column by column, entries within NCS_TOL_LEX of the larger
 * of two rows' scales tied (lemke.c's lex_pick). */
static int lb_lex_pick(lbrun *R, int ncand, const ncs_real *x) {
    ncs_lemkeb *lb = R->lb;
    int *cand = lb->cand, k, c, b, m = R->m, scaled = 0;
    for (k = 0; k < m && ncand > 1; k++) {
        ncs_real best, sb;
        int keep = 0, differ = 0;
        memset(lb->a, 0, sizeof(ncs_real) * (size_t)R->n);
        lb->a[k] = 1;
        lb_ftran(R, lb->a, lb->col);
        for (c = 1, b = 0; c < ncand; c++) {
            ncs_real v = lb->col[cand[c]] / x[cand[c]], vb = lb->col[cand[b]] / x[cand[b]];
            differ |= v != vb;
            b = v < vb ? c : b;
        }
        if (!differ)
            continue;
        for (c = 0; c < ncand && !scaled; c++)
            lb->scale[c] = lb_binv_row_max(R, cand[c]) / x[cand[c]];
        scaled = 1;
        best = lb->col[cand[b]] / x[cand[b]];
        sb = lb->scale[b];
        for (c = 0; c < ncand; c++)
            if (lb->col[cand[c]] / x[cand[c]] <=
                best + NCS_TOL_LEX * (lb->scale[c] > sb ? lb->scale[c] : sb)) {
                lb->scale[keep] = lb->scale[c];
                cand[keep++] = cand[c];
            }
        ncand = keep;
    }
    return cand[0];
}

/* The entering variable's column over the rows into a: e_i for w_i,
 * -B(:,j) for z_j, -e for z0 (e: 1 on the complementary rows). */
static void lb_entering(const lbrun *R, int v, ncs_real *a) {
    int m = R->n, i, p;
    for (i = 0; i < m; i++)
        a[i] = v == 2 * m && i < R->m ? -1 : 0;
    if (v < m)
        a[v] = 1;
    else if (v < 2 * m)
        for (p = R->bp[v - m]; p < R->bp[v - m + 1]; p++)
            a[R->bi[p]] = -R->bx[p];
}

/* Puts variable vin at position r (its variable leaves). */
static void lb_exchange(ncs_lemkeb *lb, int r, int vin) {
    lb->where[lb->basis[r]] = -1;
    lb->basis[r] = vin;
    lb->where[vin] = r;
}

/* 1 when variable v is free (the z of an equality row). */
static int lb_free(const lbrun *R, int v) {
    return v >= R->n + R->m && v < 2 * R->n;
}

/* The basic values Binv b, negative rounding clamped to 0 (as the
 * tableau's pivots clamp) but for the free variables'. */
static void lb_values(lbrun *R, const ncs_real *b) {
    int i;
    memcpy(R->lb->a, b, sizeof(ncs_real) * (size_t)R->n);
    lb_ftran(R, R->lb->a, R->lb->beta);
    for (i = 0; i < R->n; i++)
        if (!lb_free(R, R->lb->basis[i]))
            R->lb->beta[i] = R->lb->beta[i] > 0 ? R->lb->beta[i] : 0;
}

/* Iterative refinement of the basic values: r = b - Bs beta over the
 * rows (in lb->a), beta += Binv r (in lb->x), twice. Threshold pivoting
 * trades some accuracy for fill; a solution of a 200-row pyramid LCP came
 * out 1e-8 off without it. */
static void lb_refine(lbrun *R, const ncs_real *b, int rounds) {
    ncs_lemkeb *lb = R->lb;
    int m = R->n, i, p, q, round;
    for (round = 0; round < rounds; round++) {
        ncs_real z0 = 0;
        memcpy(lb->a, b, sizeof(ncs_real) * (size_t)m);
        for (p = 0; p < m; p++) {
            int v = lb->basis[p];
            if (v < m)
                lb->a[v] -= lb->beta[p];
            else if (v == 2 * m)
                z0 = lb->beta[p];
            else
                for (q = R->bp[v - m]; q < R->bp[v - m + 1]; q++)
                    lb->a[R->bi[q]] += R->bx[q] * lb->beta[p];
        }
        for (i = 0; i < R->m; i++)
            lb->a[i] += z0;
        lb_ftran(R, lb->a, lb->x);
        for (p = 0; p < m; p++)
            lb->beta[p] += lb->x[p];
    }
}

/* The run's view of an LCP of order n with nfree equalities: 0, or
 * NCS_LCP_WORKSPACE when it does not fit the binding. */
static int lb_view(lbrun *R, ncs_lemkeb *lb, int n, int nfree, const int *bp, const int *bi,
                   const ncs_real *bx) {
    R->lb = lb;
    R->n = n;
    R->m = n - nfree;
    R->bp = bp;
    R->bi = bi;
    R->bx = bx;
    R->nk = 0;
    if (n < 1 || n > lb->mmax || nfree < 0 || R->m < 1 || (long)bp[n] + n > (long)lb->kcap)
        return NCS_LCP_WORKSPACE;
    return 0;
}

NCS_INTERNAL int ncs_lemkeb_run(ncs_lemkeb *lb, int n, int nfree, const int *bp, const int *bi,
                                const ncs_real *bx, const ncs_real *b, int max_pivots,
                                ncs_real *z, int *pivots) {
    lbrun R;
    const int art = 2 * n, m = n - nfree;
    ncs_real bmin = 0, bscale = 0;
    int i, r = -1, npiv = 0, status = NCS_LCP_NUMERICAL, vout;
    lb->loose_exit = 0;
    if (lb_view(&R, lb, n, nfree, bp, bi, bx) != 0)
        return NCS_LCP_WORKSPACE;
    for (i = 0; i < n; i++) {
        int eq = i >= m;                /* an equality: its free z is basic */
        lb->basis[i] = eq ? n + i : i;
        lb->where[i] = eq ? -1 : i;
        lb->where[n + i] = eq ? i : -1;
        if (!(NCS_FABS(b[i]) <= NCS_HUGE) || (eq && b[i] != 0))
            return NCS_LCP_NUMERICAL;
        if (eq)
            continue;
        z[i] = 0;
        bscale = NCS_FABS(b[i]) > bscale ? NCS_FABS(b[i]) : bscale;
        if (b[i] < bmin || (r >= 0 && b[i] == bmin)) {
            bmin = b[i];
            r = i;      /* ties: the last index, as the tableau */
        }
    }
    lb->where[art] = -1;
    for (i = 0; i < bp[n]; i++)
        if (!(NCS_FABS(bx[i]) <= NCS_HUGE))
            return NCS_LCP_NUMERICAL;
    if (r < 0)
        return NCS_LCP_SOLVED;          /* b >= 0: z = 0 */
    lb_order_rcm(&R);
    /* z0 enters at level -min b, row r's w leaves */
    vout = r;
    lb_exchange(lb, r, art);
    if ((status = lb_refactor(&R)) != 0)
        goto out;
    lb_values(&R, b);
    npiv = 1;
    status = NCS_LCP_NUMERICAL;
    for (;;) {
        int vin = vout < n ? vout + n : vout - n, ncand = 0, j, zrow = -1, loose = 0;
        ncs_real cmax = 0, theta = NCS_HUGE, tie;
        if (lb->where[art] >= 0 && lb->beta[lb->where[art]] <= NCS_TOL_Z0_ZERO * bscale) {
            status = NCS_LCP_SOLVED;    /* z0 at rounding level */
            break;
        }
        lb_entering(&R, vin, lb->a);
        lb_ftran(&R, lb->a, lb->x);
        for (i = 0; i < n; i++) {       /* the free variables' entries never limit */
            ncs_real t = NCS_FABS(lb->x[i]);
            if (!(t <= NCS_HUGE))
                goto out;               /* not finite: numerical */
            if (!lb_free(&R, lb->basis[i]))
                cmax = t > cmax ? t : cmax;
        }
        if (cmax == 0) {
            status = NCS_LCP_RAY;
            goto out;
        }
        for (i = 0; i < n; i++)
            if (lb->x[i] > NCS_TOL_PIVOT * cmax && !lb_free(&R, lb->basis[i])) {
                ncs_real q = lb->beta[i] / lb->x[i];
                theta = q < theta ? q : theta;
                lb->cand[ncand++] = i;
            }
        if (ncand == 0) {
            status = NCS_LCP_RAY;
            goto out;
        }
        tie = theta + NCS_TOL_TIE * theta + NCS_TOL_TIE_ABS * bscale / cmax;
        for (i = 0, j = 0; i < ncand; i++) {
            int p = lb->cand[i];
            ncs_real q = lb->beta[p] / lb->x[p];
            if (q <= tie) {
                lb->cand[j++] = p;
                if (lb->basis[p] == art)
                    zrow = p;
            } else if (lb->basis[p] == art && q <= theta + NCS_TOL_TIE_Z0 * theta) {
                lb->cand[j++] = p;      /* z0 leaves first, on a looser tie */
                zrow = p;
                loose = 1;
            }
        }
        ncand = j;
        r = zrow >= 0 ? zrow : lb_lex_pick(&R, ncand, lb->x);
        if (npiv >= max_pivots) {
            status = NCS_LCP_PIVOT_CAP;
            goto out;
        }
        vout = lb->basis[r];
        lb_exchange(lb, r, vin);
        npiv++;
        if (lb->neta < lb->max_etas && lb->neta < NCS_LEMKEB_ETAS && vout != art &&
            NCS_FABS(lb->x[r]) >= NCS_LEMKEB_ETA_PIVOT * cmax) {
            ncs_real t = lb->beta[r] / lb->x[r];     /* the ratio: vin's value */
            memcpy(lb->eta + (size_t)lb->neta * (size_t)lb->mmax, lb->x,
                   sizeof(ncs_real) * (size_t)n);
            lb->etar[lb->neta++] = r;
            for (i = 0; i < n; i++) {
                ncs_real u = lb->beta[i] - t * lb->x[i];
                lb->beta[i] = u > 0 || lb_free(&R, lb->basis[i]) ? u : 0;
            }
            lb->beta[r] = t;
        } else {
            if ((status = lb_refactor(&R)) != 0)
                goto out;
            lb_values(&R, b);
        }
        status = NCS_LCP_NUMERICAL;
        if (vout == art) {
            lb->loose_exit = loose;
            status = NCS_LCP_SOLVED;
            break;
        }
    }
    lb_refine(&R, b, 2);
    {   /* a basis the run reached on drifted values need not be feasible:
         * grossly negative values are no answer (the verification judges
         * the rest) */
        ncs_real lo = 0, hi = bscale;
        for (i = 0; i < n; i++) {
            if (lb_free(&R, lb->basis[i]))
                continue;
            lo = lb->beta[i] < lo ? lb->beta[i] : lo;
            hi = lb->beta[i] > hi ? lb->beta[i] : hi;
        }
        if (lo < -NCS_LEMKEB_INFEASIBLE * hi) {
            status = NCS_LCP_NUMERICAL;
            goto out;
        }
    }
    for (i = 0; i < n; i++) {
        int v = lb->basis[i];
        if (v >= n && v < n + m)
            z[v - n] = lb->beta[i] > 0 ? lb->beta[i] : 0;
    }
out:
    *pivots += npiv;
    return status;
}

NCS_INTERNAL int ncs_lemkeb_solve_set(ncs_lemkeb *lb, int n, int nfree, const int *bp,
                                      const int *bi, const ncs_real *bx, const ncs_real *b,
                                      const unsigned char *zb, const ncs_real *z0,
                                      ncs_real *z) {
    lbrun R;
    int i, st, m = n - nfree, rounds = 3;
    if (lb_view(&R, lb, n, nfree, bp, bi, bx) != 0)
        return NCS_LCP_WORKSPACE;
    for (i = 0; i < n; i++) {           /* z_i basic where zb says, the free ones always */
        int zin = i >= m || zb[i];
        if (!(NCS_FABS(b[i]) <= NCS_HUGE) || (i >= m && b[i] != 0))
            return NCS_LCP_NUMERICAL;
        lb->basis[i] = zin ? n + i : i;
        lb->where[i] = zin ? -1 : i;
        lb->where[n + i] = zin ? i : -1;
    }
    lb->where[2 * n] = -1;
    for (i = 0; i < bp[n]; i++)
        if (!(NCS_FABS(bx[i]) <= NCS_HUGE))
            return NCS_LCP_NUMERICAL;
    lb_order_rcm(&R);
    /* the basis as it is; singular (redundant contacts carrying impulse: a
     * consistent system with many solutions), proximal steps on B_JJ +
     * delta I instead (delta 1e-10 of B's largest entry), eight rounds from
     * z0 on J: they converge to a solution near it, so a pile keeps the
     * share of its redundant contacts it had (solve_rescue.c's dense
     * ncs_solve_set_solve_refined, on the factor) */
    lb->delta = 0;
    st = lb_refactor(&R);
    if (st == NCS_LCP_NUMERICAL) {
        ncs_real big = 0;
        for (i = 0; i < bp[m]; i++)
            big = NCS_FABS(bx[i]) > big ? NCS_FABS(bx[i]) : big;
        lb->delta = big * NCS_RC(1e-10);
        st = big > 0 ? lb_refactor(&R) : st;
        lb->delta = 0;
        rounds = 8;
    }
    if (st != 0)
        return st;
    for (i = 0; i < n; i++) {
        int v = lb->basis[i];
        lb->beta[i] = z0 && v >= n && v < n + m ? z0[v - n] : 0;
    }
    lb_refine(&R, b, rounds);
    for (i = 0; i < m; i++)
        z[i] = 0;
    for (i = 0; i < n; i++) {
        int v = lb->basis[i];
        if (v >= n && v < n + m)
            z[v - n] = lb->beta[i] > 0 ? lb->beta[i] : 0;
    }
    return NCS_LCP_SOLVED;
}
