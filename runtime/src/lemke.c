/* lemke.c - Lemke's complementary pivoting on a compact tableau.
 *
 * Variables: w_0..w_{m-1} (ids 0..m-1), z_0..z_{m-1} (ids m..2m-1) and the
 * artificial z0 (id 2m). The constraint is I w - B z - e z0 = b. The tableau
 * T (m rows, m + 2 columns) holds only what is not trivial:
 *   column 0        Binv b, the values of the basic variables,
 *   column slot s   Binv a_v for the nonbasic variable v = nonb[s],
 * so basic variables follow x_B = T[:,0] - sum_s T[:,s] x_nonb[s]. The
 * columns of Binv that the lexicographic rule needs are the original unit
 * columns of the w's: a nonbasic w's column is in T, a basic w's column is
 * a unit vector. One pivot is a rank-one update of m x (m + 2) entries,
 * about 2 m^2 flops.
 *
 * Lazy tableau (m <= NCS_LEMKE_LAZY_MAX_M, with spare memory for the
 * etas): T is stored by columns, a pivot updates only the value column and
 * writes the leaving variable's column, and stores its eta (the pivot
 * column f, 1 / pivot and the row). Any other column is brought up to date
 * when it is read (the entering column, a column of Binv for a
 * lexicographic tie) by applying the etas it missed, in order:
 * t = T_rc / pivot, T_ic -= f_i t, T_rc = t, the very operations of the
 * eager update, so every value is the same (only the sign of a zero may
 * differ, which no decision sees; z is returned without -0). With few
 * pivots (m = 10..30 takes 5..20) a column catches up on a few etas instead
 * of every pivot updating every column. When the etas fill the spare
 * memory, every column catches up and the etas start again.
 */
#include <math.h>
#include <string.h>
#include "lcp_internal.h"

/* NCS_LCP_BLAS_MIN_M (default in ncs/config.h): smallest m whose dense
 * updates go to the rank-one kernel (GSL BLAS on the host); 0: never. The
 * host build sets it from CMake: against the loop below compiled with
 * -ftree-vectorize, GSL's reference CBLAS dger is slower at every size
 * (docs/solver.md, "GSL"). */

/* NCS_LEMKE_LAZY_MAX_M (default in ncs/config.h): largest m solved with the
 * lazy tableau: its columns catch up on a few etas while the pivots are few;
 * larger runs pivot eagerly with contiguous (vectorised) row updates. 0:
 * never (a specialised firmware copy, for its code size: docs/embedded.md);
 * the lazy code then drops out. */
#define LAZY(lw) (NCS_LEMKE_LAZY_MAX_M > 0 && (lw)->eta)

/* A tight run (ncs_lemke_work.tight): not in a firmware copy. */
#define TIGHT(lw) (!NCS_LCP_SMALL && (lw)->tight)

/* Does a pivot clamp negative basic values (every pivot but a start
 * basis's; a firmware copy has no start bases)? */
#define CLAMP(clamp) (NCS_LCP_SMALL || (clamp))

/* Adds n counted floating-point operations (a count, as a real). */
static void count_flops(ncs_lemke_work *lw, long n) {
    lw->flops += (ncs_real)n;
}

NCS_INTERNAL size_t ncs_lemke_doubles(int mmax) {
    return (size_t)mmax * (size_t)(mmax + 2) + (size_t)mmax;
}

NCS_INTERNAL size_t ncs_lemke_ints(int mmax) {
    return (size_t)mmax + (size_t)(mmax + 2) + (size_t)(2 * mmax + 1) + (size_t)mmax +
           (size_t)mmax + (size_t)(mmax + 2);
}

NCS_INTERNAL void ncs_lemke_bind(ncs_lemke_work *lw, int mmax, ncs_real *d, int *i) {
    lw->mmax = mmax;
    lw->T = d;
    lw->col = d + (size_t)mmax * (size_t)(mmax + 2);
    lw->basis = i;
    lw->nonb = i + mmax;
    lw->where = lw->nonb + mmax + 2;
    lw->cand = lw->where + 2 * mmax + 1;
    lw->rows = lw->cand + mmax;
    lw->cols = lw->rows + mmax;
    lw->eta = NULL;
    lw->neta = lw->eta_cap = 0;
    lw->strict_z0 = lw->loose_exit = lw->tight = 0;
}

/* Entry (row i, column slot k) of the tableau in either layout. */
#define TAB(lw, i, k) ((lw)->T[(size_t)(i) * (size_t)(lw)->rs + (size_t)(k) * (size_t)(lw)->cs])

/* Lazy tableau: applies to column slot s the etas it missed (lw->cols[s]
 * of lw->neta applied so far), as the eager update would have. A column of
 * z not read yet (cols[s] = -1) is first copied from B. */
#ifdef NCS_LCP_CLONES
__attribute__((target_clones("avx", "default")))
#endif
static void catch_up(ncs_lemke_work *lw, int m, int s) {
    ncs_real *NCS_RESTRICT Ts = lw->T + (size_t)s * (size_t)m;
    const ncs_real *NCS_RESTRICT f = lw->eta;
    int q, i, *done = lw->cols, from = done[s], neta = lw->neta;
    if (from < 0) {                     /* z_(s-1): -B[:, s - 1] */
        const ncs_real *Bj = lw->B + (s - 1);
        size_t ldb = (size_t)lw->ldb;
        for (i = 0; i < m; i++)
            Ts[i] = -Bj[(size_t)i * (size_t)ldb];
        from = 0;
    }
    for (q = from, f += (size_t)from * (size_t)(m + 2); q < neta; q++, f += m + 2) {
        int r = (int)f[m + 1];
        ncs_real t = Ts[r] * f[m];
        if (t != 0)                     /* f[r] is 0: row r takes t below */
            for (i = 0; i < m; i++)
                Ts[i] -= f[i] * t;
        Ts[r] = t;
    }
    count_flops(lw, 2L * m * (neta - from));
    done[s] = neta;
}

/* Entry (row r, column k) of Binv Q, Q the start basis (a cold run: I,
 * the column of w_k; a run from a basis: the column of its k-th basic
 * variable, z_k for k in lexJ). */
static ncs_real binv(const ncs_lemke_work *lw, int r, int k) {
#if !NCS_LCP_SMALL
    int at = lw->where[lw->lexJ && lw->lexJ[k] ? lw->lexm + k : k];
#else
    int at = lw->where[k];
#endif
    if (at >= 0)
        return at == r ? NCS_RC(1) : NCS_RC(0);
    return TAB(lw, r, -at - 1);
}

/* The scale of row r's lexicographic vector Binv(r, .) / t_r (t_r its
 * entry in the entering column, slot e): max_k |Binv(r, k)| / t_r. Reads
 * every column of Binv (the lazy tableau brings them up to date first). */
static ncs_real lex_scale(ncs_lemke_work *lw, int m, int r, int e) {
    ncs_real s = 0;
    int k;
    for (k = 0; k < m; k++) {
        ncs_real a;
        if (LAZY(lw) && lw->where[k] < 0)
            catch_up(lw, m, -lw->where[k] - 1);
        a = NCS_FABS(binv(lw, r, k));
        s = a > s ? a : s;
    }
    return s / TAB(lw, r, e);
}

/* Entry k of row r's lexicographic vector: Binv(r, k) / (r's entry in the
 * entering column, slot e). */
static ncs_real lex_at(const ncs_lemke_work *lw, int r, int k, int e) {
    return binv(lw, r, k) / TAB(lw, r, e);
}

/* Among the ncand rows in cand (all with the same minimum ratio; e the
 * entering column's slot), keeps the lexicographic minimum of the rows of
 * Binv divided by their pivot entry, column by column. Two entries are
 * tied when they differ by at most NCS_TOL_LEX times the larger scale of
 * their two vectors (lex_scale): a column of Binv that is 0 in exact
 * arithmetic comes out as rounding noise of about 1e-16 of its rows'
 * entries, which must not decide (Lemke then cycles; a tolerance taken
 * from the column's own entries is noise itself). The scales are
 * computed, into lw->col, at the first column whose entries are not all
 * the same; the entering column is then written back into lw->col (the
 * eager tableau's pivot reads it there; the lazy one reads slot e).
 * Returns the chosen row. */
static int lex_pick(ncs_lemke_work *lw, int m, int ncand, int e) {
    int k, c, b, *cand = lw->cand, scaled = 0;
    ncs_real *sc = lw->col;
    const ncs_real tol_lex = TIGHT(lw) ? NCS_TOL_TIGHT_LEX : NCS_TOL_LEX;
    for (k = 0; k < m && ncand > 1; k++) {
        ncs_real best, sb;
        int keep = 0, differ = 0;
        if (LAZY(lw) && lw->where[k] < 0)
            catch_up(lw, m, -lw->where[k] - 1);
        for (c = 1, b = 0; c < ncand; c++) {
            ncs_real v = lex_at(lw, cand[c], k, e), vb = lex_at(lw, cand[b], k, e);
            differ |= v != vb;
            b = v < vb ? c : b;
        }
        if (!differ)
            continue;
        for (c = 0; c < ncand && !scaled; c++)
            sc[c] = lex_scale(lw, m, cand[c], e);
        scaled = 1;
        best = lex_at(lw, cand[b], k, e);
        sb = sc[b];
        for (c = 0; c < ncand; c++)
            if (lex_at(lw, cand[c], k, e) <= best + tol_lex * (sc[c] > sb ? sc[c] : sb)) {
                sc[keep] = sc[c];
                cand[keep++] = cand[c];
            }
        ncand = keep;
    }
    for (c = 0; scaled && c < m && !LAZY(lw); c++)
        lw->col[c] = TAB(lw, c, e);
    return cand[0];
}

/* y -= a x over n entries (the rows of one pivot never overlap). */
static void axpy_sub(int n, ncs_real a, const ncs_real *NCS_RESTRICT x, ncs_real *NCS_RESTRICT y) {
    int j;
    for (j = 0; j < n; j++)
        y[j] -= a * x[j];
}

/* Exchanges the basic variable of row r with the nonbasic one of slot e.
 * lw->col holds the pivot column T[:, e] on entry (gathered by the ratio
 * test, or by the caller for the first pivot). The host build on x86-64
 * GCC (NCS_LCP_CLONES, set by CMake) also compiles it for AVX and picks
 * the version once at load time: the row update then runs on 4 doubles at
 * a time. The same operations in the same order (no contraction: AVX has
 * no fused multiply-add), so the results do not depend on the version. */
#ifdef NCS_LCP_CLONES
__attribute__((target_clones("avx", "default")))
#endif
static void pivot(ncs_lemke_work *lw, int m, int ld, int r, int e, int nr, int clamp) {
    ncs_real *T = lw->T, *f = lw->col, *Tr = T + (size_t)r * (size_t)ld;
    ncs_real inv = NCS_RC(1) / Tr[e];
    const int n = m + 2;
    int i, j, k, nc = 0, vin = lw->nonb[e], vout = lw->basis[r];
    int *rows = lw->rows, *cols = lw->cols;
    /* the pivot column leaves the tableau, the leaving variable's enters;
     * rows[0..nr) lists the rows other than r where it is nonzero (the
     * formulations are full of zeros; built by the caller) */
    for (i = 0; i < m; i++)
        T[(size_t)i * (size_t)ld + (size_t)e] = 0;
    Tr[e] = 1;
    for (j = 0; j < n; j++) {
        Tr[j] *= inv;
        nc += Tr[j] != 0;
    }
    /* T -= f Tr^T on the rows other than r: the BLAS kernel when both
     * vectors are mostly nonzero and m is large enough for a call to pay,
     * else a vectorised row update, or a loop over the nonzero entries when
     * the pivot row is mostly zero. Counted work: ratio test and
     * bookkeeping about 4 m, plus the update. */
    if (NCS_LCP_BLAS_MIN_M > 0 && m >= NCS_LCP_BLAS_MIN_M && 2 * nr > m && 2 * nc > n) {
        count_flops(lw, 4L * m + 2L * m * n);
        f[r] = 0;
        ncs_lcp_kernel_ger(m, n, NCS_RC(-1), f, Tr, T, ld);
    } else if (2 * nc > n) {
        count_flops(lw, 4L * m + 2L * nr * n);
        for (k = 0; k < nr; k++) {
            ncs_real *Ti = T + (size_t)rows[k] * (size_t)ld;
            axpy_sub(n, f[rows[k]], Tr, Ti);
            if (Ti[0] < 0 && CLAMP(clamp)) /* rounding must not make basic values negative */
                Ti[0] = 0;
        }
        nr = 0;                     /* clamped already */
    } else {
        count_flops(lw, 4L * m + 2L * nr * nc);
        for (j = 0, nc = 0; j < n; j++) {
            cols[nc] = j;
            nc += Tr[j] != 0;
        }
        for (k = 0; k < nr; k++) {
            ncs_real *Ti = T + (size_t)rows[k] * (size_t)ld, fi = f[rows[k]];
            for (j = 0; j < nc; j++)
                Ti[cols[j]] -= fi * Tr[cols[j]];
        }
    }
    /* rounding must not make basic values negative (only updated rows;
     * the BLAS and sparse updates) */
    for (k = 0; k < nr && CLAMP(clamp); k++)
        if (T[(size_t)rows[k] * (size_t)ld] < 0)
            T[(size_t)rows[k] * (size_t)ld] = 0;
    if (Tr[0] < 0 && CLAMP(clamp))
        Tr[0] = 0;
    lw->basis[r] = vin;
    lw->where[vin] = r;
    lw->nonb[e] = vout;
    lw->where[vout] = -e - 1;
}

/* The lazy tableau's pivot (row r, slot e; f is the pivot column, which
 * may be slot e itself: it is copied to the eta before slot e is
 * written): the value column is updated and clamped as by pivot() (over
 * every row: a zero f_i leaves the value as it is), slot e receives the
 * leaving variable's column, and the eta is stored for the other columns.
 * When the etas are full, every column catches up first and they start
 * again. */
#ifdef NCS_LCP_CLONES
__attribute__((target_clones("avx", "default")))
#endif
static void lazy_pivot(ncs_lemke_work *lw, int m, int r, int e, const ncs_real *f) {
    ncs_real *T = lw->T, *Te = T + (size_t)e * (size_t)m, *eta;
    ncs_real inv = NCS_RC(1) / f[r], t = T[r] * inv;
    int i, vin = lw->nonb[e], vout = lw->basis[r];
    if (lw->neta == lw->eta_cap) {
        for (i = 1; i < m + 2; i++)
            catch_up(lw, m, i);
        for (i = 0; i < m + 2; i++)
            lw->cols[i] = 0;
        lw->neta = 0;
    }
    eta = lw->eta + (size_t)lw->neta * (size_t)(m + 2);
    for (i = 0; i < m; i++)
        eta[i] = f[i];
    eta[r] = 0;                         /* row r takes t and inv below */
    for (i = 0; i < m; i++) {
        ncs_real v = T[i] - eta[i] * t;
        T[i] = v < 0 ? 0 : v;           /* rounding must not make basic values negative */
        Te[i] = 0 - eta[i] * inv;
    }
    T[r] = t < 0 ? 0 : t;
    Te[r] = inv;
    eta[m] = inv;
    eta[m + 1] = (ncs_real)r;
    lw->cols[e] = ++lw->neta;
    count_flops(lw, 7L * m);
    lw->basis[r] = vin;
    lw->where[vin] = r;
    lw->nonb[e] = vout;
    lw->where[vout] = -e - 1;
}

#if !NCS_LCP_SMALL /* not in a specialised firmware copy: its bytes */
/* The smallest pivot of a start basis, relative to its column's largest:
 * a principal pivot taken on less (the dense solve's 1e-13) left start
 * bases whose values were rounding, and answers from the answer's own
 * basis that did not hold (runtime.lemke). */
#define SETUP_PIVOT_MIN NCS_RC(1e-6)

/* Pivots the nonbasic variable v into row r of the eager tableau (no
 * clamping: a start basis's values may be negative) when its entry there
 * is above SETUP_PIVOT_MIN of its column's largest. Returns 1 when it
 * did. */
static int setup_pivot(ncs_lemke_work *lw, int m, int r, int v) {
    const int e = -lw->where[v] - 1, rs = m + 2;
    ncs_real cmax = 0;
    int i, nr = 0;
    for (i = 0; i < m; i++) {
        ncs_real t = lw->T[(size_t)i * (size_t)rs + (size_t)e];
        cmax = NCS_FABS(t) > cmax ? NCS_FABS(t) : cmax;
        lw->col[i] = t;
        lw->rows[nr] = i;
        nr += t != 0 && i != r;
    }
    if (!(NCS_FABS(lw->col[r]) > SETUP_PIVOT_MIN * cmax))
        return 0;
    pivot(lw, m, rs, r, e, nr, 0);
    return 1;
}

/* The start basis of a run from a basis (ncs_lemke_run_from): principal
 * pivots, z_j into the row of w_j for each j in J whose entry there is
 * large enough (setup_pivot), in passes over J while one makes progress
 * (a pivot can make a later diagonal entry nonzero); then, for two j, k
 * of J still out, the 2 x 2 principal block (z_j into w_k's row, z_k into
 * w_j's; the first undone when the second is too small): a block with a
 * zero diagonal, as the games' and stewart's friction rows have. Every
 * basis kept is complementary; a j that no pivot takes in stays out. J is
 * rewritten to the basis's z set. Returns the setup pivots. */
static int warm_setup(ncs_lemke_work *lw, int m, unsigned char *J) {
    const int rs = m + 2;
    int j, k, n = 0, more = 1;
    while (more) {
        more = 0;
        for (j = 0; j < m; j++)
            if (J[j] && lw->where[m + j] < 0 && setup_pivot(lw, m, lw->where[j], m + j)) {
                n++;
                more = 1;
            }
    }
    for (j = 0; j < m; j++) {
        int best = -1;
        ncs_real big = 0;
        if (!J[j] || lw->where[m + j] >= 0)
            continue;
        for (k = 0; k < m; k++) {       /* the largest entry of z_j's column in an out row */
            ncs_real t;
            if (k == j || !J[k] || lw->where[m + k] >= 0)
                continue;
            t = NCS_FABS(lw->T[(size_t)lw->where[k] * (size_t)rs +
                               (size_t)(-lw->where[m + j] - 1)]);
            if (t > big) {
                big = t;
                best = k;
            }
        }
        if (best < 0 || !setup_pivot(lw, m, lw->where[best], m + j))
            continue;
        n++;
        if (setup_pivot(lw, m, lw->where[j], m + best))
            n++;
        else if (setup_pivot(lw, m, lw->where[m + j], best))
            n++;                        /* undone: w_best back into its row */
        else
            return -1;
    }
    for (j = 0; j < m; j++)
        J[j] = lw->where[m + j] >= 0;
    return n;
}
#endif

/* The run of ncs_lemke_run (B stored, ldb), ncs_lemke_run_rows (B NULL:
 * the rows come from gen) and, with J, ncs_lemke_run_from. */
static int run(ncs_lemke_work *lw, int m, const ncs_real *B, int ldb,
               const ncs_lemke_rows *gen, const ncs_real *b, int max_pivots, ncs_real *z,
               unsigned char *zbasic, int *pivots, ncs_real *spare, size_t spare_reals,
               unsigned char *J) {
    const int ld = m + 2, art = 2 * m;
    ncs_real bmin = 0, bscale = 0;
    int i, j, r = -1, e, npiv = 0, status = NCS_LCP_NUMERICAL;

    if (m < 1 || m > lw->mmax)
        return NCS_LCP_WORKSPACE;
    lw->lexJ = NULL;
#if !NCS_LCP_SMALL
    if (J)
        spare = NULL;                   /* the eager tableau */
#else
    (void)J;
#endif
    /* the lazy tableau (by columns) when an eta fits (cols: etas applied
     * per slot, -1 for a column of z not read yet); a run never stores
     * more than max_pivots */
    lw->eta = NULL;
    lw->neta = 0;
    lw->eta_cap = spare_reals / (size_t)(m + 2) > (size_t)max_pivots
                  ? max_pivots : (int)(spare_reals / (size_t)(m + 2));
    lw->rs = ld;
    lw->cs = 1;
    if (NCS_LEMKE_LAZY_MAX_M > 0 && spare && m <= NCS_LEMKE_LAZY_MAX_M && lw->eta_cap >= 1) {
        lw->eta = spare;
        lw->rs = 1;
        lw->cs = m;
        lw->B = B;
        lw->ldb = ldb;
        for (j = 0; j < m + 2; j++)
            lw->cols[j] = j == 0 || j == m + 1 || !B ? 0 : -1;
        for (i = 0; i < m && !B; i++)   /* generated rows: every column now */
            gen->row(gen, i, &TAB(lw, i, 1), (size_t)m);
    } else if (!B) {
        for (i = 0; i < m; i++)
            gen->row(gen, i, &TAB(lw, i, 1), 1);
    } else {
        for (i = 0; i < m; i++)
            for (j = 0; j < m; j++)
                TAB(lw, i, 1 + j) = -B[(size_t)i * (size_t)ldb + (size_t)j];
    }
    for (i = 0; i < m; i++) {
        TAB(lw, i, 0) = b[i];
        TAB(lw, i, m + 1) = -1;
        lw->basis[i] = i;
        lw->where[i] = i;
    }
    for (j = 0; j < m; j++) {
        lw->nonb[1 + j] = m + j;
        lw->where[m + j] = -(1 + j) - 1;
        z[j] = 0;
        if (zbasic)
            zbasic[j] = 0;
    }
    lw->nonb[m + 1] = art;
    lw->where[art] = -(m + 1) - 1;
#if !NCS_LCP_SMALL
    if (J) {                            /* the start basis, then covering vector 1 */
        int n = warm_setup(lw, m, J);
        if (n < 0) {                    /* not complementary: no start */
            *pivots += m;
            return NCS_LCP_NUMERICAL;
        }
        *pivots += n;
        for (i = 0; i < m; i++)
            TAB(lw, i, m + 1) = -1;
        lw->lexJ = J;
        lw->lexm = m;
    }
#endif
    for (i = 0; i < m; i++) {
        ncs_real v = TAB(lw, i, 0);
        if (NCS_FABS(v) > bscale)
            bscale = NCS_FABS(v);
        if (v < bmin || (r >= 0 && v == bmin)) {
            bmin = v;
            r = i;       /* ties: the last index keeps the rows lex-positive */
        }
    }
#if !NCS_LCP_SMALL
    if (J && r >= 0 && bmin >= -NCS_TOL_Z0_ZERO * bscale) {
        for (i = 0; i < m; i++)         /* a start basis's zeros in rounding */
            TAB(lw, i, 0) = TAB(lw, i, 0) > 0 ? TAB(lw, i, 0) : 0;
        r = -1;
    }
#endif
    if (r < 0) {                        /* the values >= 0: z = 0, or the start basis's */
        status = NCS_LCP_SOLVED;
        goto done;
    }

    /* First pivot: z0 enters at level -min b, the most negative row leaves. */
    {
        int vout = lw->basis[r], *rows = lw->rows, *cand = lw->cand;
        const int rs = lw->rs;
        const ncs_real *V = lw->T;      /* the values: column slot 0 */
        for (i = 0, j = 0; i < m; i++) {
            lw->col[i] = -1;                /* z0's column */
            rows[j] = i;
            j += i != r;
        }
        if (LAZY(lw))
            lazy_pivot(lw, m, r, m + 1, lw->col);
        else
            pivot(lw, m, ld, r, m + 1, j, 1);
        npiv = 1;
        for (;;) {
            int vin = vout < m ? vout + m : vout - m, ncand = 0, zrow = -1, nz = 0, loose = 0;
            ncs_real cmax, theta = NCS_HUGE, tie, *col = lw->col;
            const ncs_real *C;
            ncs_bits cbits = 0, vbits = 0;
            /* z0 down to rounding level: the basis is complementary already */
            if (lw->where[art] >= 0 &&
                V[(size_t)lw->where[art] * (size_t)rs] <=
                    (TIGHT(lw) ? NCS_TOL_TIGHT_Z0_ZERO : NCS_TOL_Z0_ZERO) * bscale) {
                status = NCS_LCP_SOLVED;
                break;
            }
            e = -lw->where[vin] - 1;
            /* the entering column: read in place by the lazy tableau (slot
             * e, contiguous), else gathered for the pivot with its nonzero
             * rows listed in rows. The largest magnitude bits of the column
             * and of the values tell whether they are finite (abs_bits)
             * and give the column's largest magnitude. */
            if (LAZY(lw)) {
                catch_up(lw, m, e);
                col = lw->T + (size_t)e * (size_t)m;
                for (i = 0; i < m; i++) {
                    ncs_bits bt = abs_bits(col[i]), bv = abs_bits(V[i]);
                    cbits = bt > cbits ? bt : cbits;
                    vbits = bv > vbits ? bv : vbits;
                }
            } else {
                C = &TAB(lw, 0, e);
                for (i = 0; i < m; i++) {
                    ncs_real t = C[(size_t)i * (size_t)rs];
                    ncs_bits bt = abs_bits(t), bv = abs_bits(V[(size_t)i * (size_t)rs]);
                    col[i] = t;
                    rows[nz] = i;
                    nz += bt != 0;
                    cbits = bt > cbits ? bt : cbits;
                    vbits = bv > vbits ? bv : vbits;
                }
            }
            if (cbits >= NCS_BITS_INF || vbits >= NCS_BITS_INF)
                goto out;                   /* not finite: numerical */
            if (cbits == 0) {
                status = NCS_LCP_RAY;
                goto out;
            }
            cmax = real_of_bits(cbits);
            /* minimum ratio over the rows whose value falls as vin grows
             * (the lazy tableau keeps each candidate's ratio in lw->col,
             * free after the first pivot, for the tie test below) */
            if (LAZY(lw)) {
                for (i = 0; i < m; i++) {
                    ncs_real t = col[i];
                    if (t > NCS_TOL_PIVOT * cmax) {
                        ncs_real q = V[i] / t;
                        theta = q < theta ? q : theta;
                        lw->col[ncand] = q;
                        cand[ncand++] = i;
                    }
                }
            } else {
                for (i = 0; i < m; i++) {
                    ncs_real t = col[i];
                    if (t > NCS_TOL_PIVOT * cmax) {
                        ncs_real q = V[(size_t)i * (size_t)rs] / t;
                        theta = q < theta ? q : theta;
                        cand[ncand++] = i;
                    }
                }
            }
            if (ncand == 0) {
                status = NCS_LCP_RAY;
                goto out;
            }
            /* ties are judged relative to the minimum ratio (the eager
             * tableau recomputes the ratios: the same division gives the
             * same value) */
            tie = theta + NCS_TOL_TIE * theta + NCS_TOL_TIE_ABS * bscale / cmax;
            j = 0;
            for (i = 0; i < ncand; i++) {
                int row = cand[i];
                ncs_real q = LAZY(lw) ? lw->col[i] : V[(size_t)row * (size_t)rs] / col[row];
                if (q <= tie) {
                    cand[j++] = row;
                    if (lw->basis[row] == art)
                        zrow = row;
                } else if (lw->basis[row] == art && (NCS_LCP_SMALL || !lw->strict_z0) &&
                           !TIGHT(lw) &&
                           q <= theta + NCS_TOL_TIE_Z0 * theta) {
                    cand[j++] = row;        /* z0 leaves first, on a looser tie */
                    zrow = row;
                    loose = !NCS_LCP_SMALL; /* (strict ties: not in a firmware copy) */
                }
            }
            ncand = j;
            r = zrow >= 0 ? zrow : lex_pick(lw, m, ncand, e);
            if (npiv >= max_pivots) {
                status = NCS_LCP_PIVOT_CAP;
                goto out;
            }
            vout = lw->basis[r];
            if (LAZY(lw)) {
                lazy_pivot(lw, m, r, e, col);
            } else {
                for (i = 0; i < nz && rows[i] != r; i++)
                    ;
                for (; i + 1 < nz; i++)      /* the pivot row is not updated */
                    rows[i] = rows[i + 1];
                pivot(lw, m, ld, r, e, nz - 1, 1);
            }
            npiv++;
            if (vout == art) {
                if (loose)                  /* the other rows' values are off by up
                                               to NCS_TOL_TIE_Z0 theta */
                    lw->loose_exit = 1;
                status = NCS_LCP_SOLVED;
                break;
            }
        }
    }
done:
    for (i = 0; i < m; i++) {
        int v = lw->basis[i];
        if (v >= m && v < 2 * m) {
            z[v - m] = TAB(lw, i, 0) > 0 ? TAB(lw, i, 0) : 0;   /* no -0 */
            if (zbasic)
                zbasic[v - m] = 1;
        }
    }
out:                                    /* z is still 0 unless solved */
    *pivots += npiv;
    return status;
}

NCS_INTERNAL int ncs_lemke_run(ncs_lemke_work *lw, int m, const ncs_real *B, int ldb,
                               const ncs_real *b, int max_pivots, ncs_real *z,
                               unsigned char *zbasic, int *pivots, ncs_real *spare,
                               size_t spare_reals) {
    return run(lw, m, B, ldb, NULL, b, max_pivots, z, zbasic, pivots, spare, spare_reals, NULL);
}

NCS_INTERNAL int ncs_lemke_run_rows(ncs_lemke_work *lw, int m, const ncs_lemke_rows *gen,
                                    const ncs_real *b, int max_pivots, ncs_real *z,
                                    unsigned char *zbasic, int *pivots, ncs_real *spare,
                                    size_t spare_reals) {
    return run(lw, m, NULL, 0, gen, b, max_pivots, z, zbasic, pivots, spare, spare_reals, NULL);
}

#if !NCS_LCP_SMALL
NCS_INTERNAL int ncs_lemke_run_from(ncs_lemke_work *lw, int m, const ncs_lemke_rows *gen,
                                    const ncs_real *B, int ldb, const ncs_real *b,
                                    unsigned char *J, int max_pivots, ncs_real *z,
                                    unsigned char *zbasic, int *pivots) {
    return run(lw, m, gen ? NULL : B, ldb, gen, b, max_pivots, z, zbasic, pivots, NULL, 0, J);
}
#endif
