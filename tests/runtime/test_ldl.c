/* test_ldl.c - the sparse LDL^T (runtime/src/ldl.c) against the test's own
 * dense elimination: random positive definite matrices and random contact
 * KKT systems [M J^T; J -delta I] (quasi-definite), unsorted columns and
 * duplicate entries; the factor's size equals the fill of a dense symbolic
 * elimination; the inertia is counted; every malformed pattern and every
 * zero or non-finite pivot is refused. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#define NCS_INTERNAL static
#include "ldl.c"
#include "../check.h"

enum { NMAX = 96, NZMAX = NMAX * NMAX };

static unsigned long long rng = 88172645463325252ULL;
static double uniform(void) { /* xorshift64, [0, 1) */
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (double)(rng >> 11) / 9007199254740992.0;
}

/* A test matrix: dense (for the reference) and its upper triangle by
 * columns, shuffled within each column, some entries split in two. */
typedef struct {
    int n;
    double a[NMAX][NMAX]; /* the full symmetric matrix */
    int ap[NMAX + 1], ai[NZMAX];
    double ax[NZMAX];
} mat;

static void compress(mat *m, int split) {
    int i, j, nz = 0;
    for (j = 0; j < m->n; j++) {
        int start = nz, k;
        m->ap[j] = nz;
        for (i = 0; i <= j; i++) {
            if (m->a[i][j] == 0 && i != j)
                continue;
            if (split && uniform() < 0.2) { /* a duplicate: two halves */
                m->ai[nz] = i;
                m->ax[nz++] = m->a[i][j] * 0.25;
                m->ai[nz] = i;
                m->ax[nz++] = m->a[i][j] * 0.75;
            } else {
                m->ai[nz] = i;
                m->ax[nz++] = m->a[i][j];
            }
        }
        for (k = nz - 1; k > start; k--) { /* shuffle the column */
            int r = start + (int)(uniform() * (k - start + 1)), ti = m->ai[k];
            double tx = m->ax[k];
            m->ai[k] = m->ai[r];
            m->ax[k] = m->ax[r];
            m->ai[r] = ti;
            m->ax[r] = tx;
        }
    }
    m->ap[m->n] = nz;
}

/* Fill of a dense symbolic elimination without pivoting: entries of the
 * strict lower triangle of L. */
static long dense_fill(const mat *m) {
    static unsigned char s[NMAX][NMAX];
    int i, j, k;
    long fill = 0;
    for (i = 0; i < m->n; i++)
        for (j = 0; j < m->n; j++)
            s[i][j] = m->a[i][j] != 0;
    for (k = 0; k < m->n; k++)
        for (i = k + 1; i < m->n; i++)
            if (s[i][k]) {
                fill++;
                for (j = k + 1; j < m->n; j++)
                    if (s[k][j])
                        s[i][j] = 1;
            }
    return fill;
}

/* Factor and solve A x = b; checks the size, the inertia and the residual
 * against |A| |x| + |b|. */
static void factor_and_solve(const mat *m, int want_positive, int refine, const char *what,
                             int trial) {
    static int parent[NMAX], lnz[NMAX], lp[NMAX + 1], flag[NMAX], pattern[NMAX], li[NZMAX];
    static double lx[NZMAX], d[NMAX], y[NMAX], x[NMAX], b[NMAX], r[NMAX], scale[NMAX];
    int n = m->n, i, j, pos;
    long nl = ncs_ldl_symbolic(n, m->ap, m->ai, parent, lnz, lp, flag);
    double worst = 0, got;
    CHECK(nl == dense_fill(m), "%s %d: L has %ld entries, dense fill %ld", what, trial, nl,
          dense_fill(m));
    if (nl < 0)
        return;
    memset(y, 0, sizeof y);
    pos = ncs_ldl_numeric(n, m->ap, m->ai, m->ax, parent, lp, li, lx, d, lnz, flag, pattern, y);
    CHECK(pos == want_positive, "%s %d: %d positive pivots, want %d", what, trial, pos,
          want_positive);
    if (pos < 0)
        return;
    for (i = 0; i < n; i++)
        CHECK(y[i] == 0, "%s %d: scratch y[%d] left %g", what, trial, i, y[i]);
    for (i = 0; i < n; i++)
        x[i] = b[i] = 2 * uniform() - 1;
    ncs_ldl_solve(n, lp, li, lx, d, x);
    got = ncs_ldl_refine(n, m->ap, m->ai, m->ax, lp, li, lx, d, b, x, r, scale, refine);
    for (i = 0; i < n; i++) {
        double r = -b[i], s = fabs(b[i]);
        for (j = 0; j < n; j++) {
            r += m->a[i][j] * x[j];
            s += fabs(m->a[i][j] * x[j]);
        }
        if (fabs(r) / s > worst)
            worst = fabs(r) / s;
    }
    CHECK(worst < 1e-12, "%s %d (n %d): relative residual %g after %d refinements", what, trial,
          n, worst, refine);
    CHECK(fabs(got - worst) <= 1e-3 * worst + 1e-15, "%s %d: refine says %g, the test %g", what,
          trial, got, worst);
}

/* Positive definite: A = R R^T + I with R sparse. */
static void spd(mat *m, int n, double density) {
    static double r[NMAX][NMAX];
    int i, j, k;
    m->n = n;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            r[i][j] = uniform() < density ? 2 * uniform() - 1 : 0;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            double s = i == j;
            for (k = 0; k < n; k++)
                s += r[i][k] * r[j][k];
            m->a[i][j] = s;
        }
}

/* A contact KKT system: nb bodies (3 rows each, diagonal mass), nc contact
 * rows each touching one or two bodies, then -delta on the contact
 * diagonal. Returns the count of positive pivots it must have (3 nb). */
static int kkt(mat *m, int nb, int nc, double delta) {
    int i, j, c;
    m->n = 3 * nb + nc;
    memset(m->a, 0, sizeof m->a);
    for (i = 0; i < 3 * nb; i++)
        m->a[i][i] = 0.1 + 10 * uniform();
    for (c = 0; c < nc; c++) {
        int row = 3 * nb + c, k, touch = uniform() < 0.5 ? 1 : 2;
        for (k = 0; k < touch; k++) {
            int body = (int)(uniform() * nb);
            for (j = 0; j < 3; j++) {
                double v = 2 * uniform() - 1;
                m->a[row][3 * body + j] = m->a[3 * body + j][row] = v;
            }
        }
        m->a[row][row] = -delta;
    }
    return 3 * nb;
}

static void refused(void) {
    static int parent[4], lnz[4], lp[5], flag[4], pattern[4], li[16];
    static double lx[16], d[4], y[4];
    /* a row below the diagonal */
    {
        int ap[] = {0, 1, 3}, ai[] = {0, 1, 2};
        CHECK(ncs_ldl_symbolic(2, ap, ai, parent, lnz, lp, flag) == -1);
    }
    /* a column without its diagonal */
    {
        int ap[] = {0, 1, 2}, ai[] = {0, 0};
        CHECK(ncs_ldl_symbolic(2, ap, ai, parent, lnz, lp, flag) == -1);
    }
    /* a negative index, a negative n, decreasing column starts */
    {
        int ap[] = {0, 1, 3}, ai[] = {0, -1, 1}, ap2[] = {0, 2, 1};
        CHECK(ncs_ldl_symbolic(2, ap, ai, parent, lnz, lp, flag) == -1);
        CHECK(ncs_ldl_symbolic(-1, ap, ai, parent, lnz, lp, flag) == -1);
        CHECK(ncs_ldl_symbolic(2, ap2, ai, parent, lnz, lp, flag) == -1);
    }
    /* the empty matrix */
    {
        int ap[] = {0};
        CHECK(ncs_ldl_symbolic(0, ap, NULL, parent, lnz, lp, flag) == 0);
        CHECK(ncs_ldl_numeric(0, ap, NULL, NULL, parent, lp, li, lx, d, lnz, flag, pattern, y) ==
              0);
    }
    /* singular: [1 1; 1 1] gives d1 = 0 exactly; a zero diagonal; NaN; inf */
    {
        int ap[] = {0, 1, 3}, ai[] = {0, 0, 1};
        static const double bad[4][3] = {{1, 1, 1}, {0, 1, 1}, {1, 0, NAN}, {1, 1, INFINITY}};
        int k;
        CHECK(ncs_ldl_symbolic(2, ap, ai, parent, lnz, lp, flag) == 1);
        for (k = 0; k < 4; k++) {
            memset(y, 0, sizeof y);
            CHECK(ncs_ldl_numeric(2, ap, ai, bad[k], parent, lp, li, lx, d, lnz, flag, pattern,
                                  y) == -1,
                  "values %d", k);
        }
    }
    /* the tree of an arrow matrix (every row touches the last): a path
     * nowhere, every node's parent is the last; no fill */
    {
        int ap[] = {0, 1, 2, 3, 7}, ai[] = {0, 1, 2, 3, 2, 1, 0}, k;
        CHECK(ncs_ldl_symbolic(4, ap, ai, parent, lnz, lp, flag) == 3);
        for (k = 0; k < 3; k++)
            CHECK(parent[k] == 3 && lnz[k] == 1, "arrow: node %d parent %d count %d", k,
                  parent[k], lnz[k]);
        CHECK(parent[3] == -1);
    }
}

int main(void) {
    static mat m;
    int t;
    refused();
    for (t = 0; t < 300; t++) {
        int n = 1 + (int)(uniform() * (NMAX - 1));
        spd(&m, n, t % 3 == 0 ? 0.02 : t % 3 == 1 ? 0.1 : 0.5);
        compress(&m, t % 2);
        factor_and_solve(&m, n, 0, "positive definite", t);
    }
    for (t = 0; t < 300; t++) {
        int nb = 1 + (int)(uniform() * 20), nc = (int)(uniform() * (NMAX - 3 * nb));
        int want;
        if (nc < 0)
            nc = 0;
        want = kkt(&m, nb, nc, t % 2 ? 1e-8 : 1e-3);
        compress(&m, t % 2);
        factor_and_solve(&m, want, 2, "contact KKT", t);
    }
    return CHECK_DONE();
}
