/* test_lemke_basis.c - the sparse LU (runtime/src/lu.c) and Lemke's
 * method on a factorised basis (runtime/src/lemke_basis.c) against the
 * dense code.
 *
 * LU: random sparse matrices whose rows are shuffled (so partial pivoting
 * has to find them), solved and solved transposed against their own
 * products; a matrix with two equal columns and one with a zero column
 * are refused as singular, a factor that does not fit its cap as such.
 *
 * Lemke: the battery's LCPs of every formulation with and without
 * friction (m <= 40), the degenerate examples of test_lemke.c, and every
 * stored LCP of tests/runtime/data (m up to 864), each run by the tableau
 * (ncs_lemke_run, eager) and by the factorised basis from the same B given
 * by its nonzero columns: what the basis calls solved must hold
 * (lcp_holds), and it must solve at least what the tableau solves, but
 * for a few (rounding decides different ties in different orders). */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lcp_internal.h"
#include "lemke_basis.h"
#include "ncs/assemble.h"
#include "ncs/lcp_dat.h"
#include "scene_gen.h"
#include "../check.h"
#include "lcp_holds.h"

enum { NMAX = 900, PER_FORM = 200 };

static sg_rng rng;
static double uniform(void) { /* [0, 1) */
    return sg_uniform(&rng, 0, 1);
}

/* Dense row-major A (n x n, leading dimension n) to compressed columns. */
static long compress(int n, const double *A, int *ap, int *ai, double *ax) {
    long nz = 0;
    int i, j;
    for (j = 0; j < n; j++) {
        ap[j] = (int)nz;
        for (i = 0; i < n; i++)
            if (A[(size_t)i * n + j] != 0) {
                ai[nz] = i;
                ax[nz++] = A[(size_t)i * n + j];
            }
    }
    ap[n] = (int)nz;
    return nz;
}

static int *ap, *ai, *iv;
static double *ax, *rv;

/* max_i |A y - b|_i / (|b|_i + sum_j |A_ij y_j|), A^T when trans. */
static double rel_residual(int n, const double *A, const double *y, const double *b, int trans) {
    double worst = 0;
    int i, j;
    for (i = 0; i < n; i++) {
        double r = -b[i], s = fabs(b[i]);
        for (j = 0; j < n; j++) {
            double a = trans ? A[(size_t)j * n + i] : A[(size_t)i * n + j];
            r += a * y[j];
            s += fabs(a * y[j]);
        }
        if (s > 0 && fabs(r) / s > worst)
            worst = fabs(r) / s;
    }
    return worst;
}

static void test_lu(void) {
    static double A[64 * 64], b[64], y[64];
    ncs_lu f;
    int t, i, j, solved = 0;
    for (t = 0; t < 400; t++) {
        int n = 1 + t % 60;
        static int perm[64];     /* the diagonal's rows: preferred pivots (odd t) */
        double dens = 0.05 + 0.3 * uniform();
        for (i = 0; i < n; i++)
            perm[i] = i;
        for (i = n - 1; i > 0; i--) {
            int k = (int)(uniform() * (i + 1)), s = perm[i];
            perm[i] = perm[k];
            perm[k] = s;
        }
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++) {
                double v = uniform() < dens ? uniform() * 2 - 1 : 0;
                if (j == i)
                    v = (t % 3 ? 2.0 : 0.5) * (uniform() < 0.5 ? -1 : 1);
                A[(size_t)perm[i] * n + j] = v;
            }
        compress(n, A, ap, ai, ax);
        ncs_lu_bind(&f, n, n * n, iv, rv);
        if (ncs_lu_factor(&f, n, ap, ai, ax, t % 2 ? perm : NULL, 1e-12) != 0) {
            CHECK(0, "LU #%d (n %d) refused a nonsingular matrix", t, n);
            continue;
        }
        CHECK(f.lp[n] <= n * (n + 1) / 2 && f.up[n] <= n * (n + 1) / 2);
        for (i = 0; i < n; i++)
            b[i] = y[i] = uniform() * 2 - 1;
        ncs_lu_solve(&f, y);
        CHECK(rel_residual(n, A, y, b, 0) < 1e-12, "LU #%d solve: %g", t, rel_residual(n, A, y, b, 0));
        for (i = 0; i < n; i++)
            y[i] = b[i];
        ncs_lu_solve_t(&f, y);
        CHECK(rel_residual(n, A, y, b, 1) < 1e-12, "LU #%d transposed: %g", t,
              rel_residual(n, A, y, b, 1));
        for (i = 0; i < n; i++)
            CHECK(f.x[i] == 0);         /* scratch left clean */
        solved++;
        if (n >= 3) {                   /* two equal columns; a zero column */
            for (i = 0; i < n; i++)
                A[(size_t)i * n + 2] = A[(size_t)i * n + 0];
            compress(n, A, ap, ai, ax);
            CHECK(ncs_lu_factor(&f, n, ap, ai, ax, NULL, 1e-12) == 1, "LU #%d: equal columns", t);
            for (i = 0; i < n; i++)
                A[(size_t)i * n + 1] = 0;
            compress(n, A, ap, ai, ax);
            CHECK(ncs_lu_factor(&f, n, ap, ai, ax, NULL, 1e-12) == 1, "LU #%d: zero column", t);
            for (i = 0; i < n; i++)
                CHECK(f.x[i] == 0);
        }
        if (n >= 8) {                   /* a cap below the factor's size */
            ncs_lu_bind(&f, n, n - 1, iv, rv);
            for (i = 0; i < n; i++)
                A[(size_t)i * n + i] += 10;
            for (i = 0; i < n; i++)     /* a full column: L needs n entries */
                A[(size_t)i * n] = 1 + i;
            compress(n, A, ap, ai, ax);
            CHECK(ncs_lu_factor(&f, n, ap, ai, ax, NULL, 1e-12) == 2, "LU #%d: cap", t);
        }
    }
    printf("LU: %d matrices solved and solved transposed\n", solved);
}

/* Counts of the Lemke comparison. */
typedef struct tally {
    int n, dense_solved, basis_solved, basis_wrong, basis_near, basis_missed, same_pivots;
    long dense_pivots, basis_pivots;
} tally;

static ncs_lemke_work lw;
static ncs_lemkeb lb;
static int etas;                        /* lb.max_etas of the runs */
static double *zd, *zs;

static void compare(int m, const double *B, const double *b, const char *what, tally *T) {
    int pd = 0, ps = 0, sd, ss;
    long nz = compress(m, B, ap, ai, ax);
    (void)nz;
    sd = ncs_lemke_run(&lw, m, B, m, b, 50 * m + 100, zd, NULL, &pd, NULL, 0);
    lb.max_etas = etas;
    ss = ncs_lemkeb_run(&lb, m, ap, ai, ax, b, 50 * m + 100, zs, &ps);
    sd = sd == NCS_LCP_SOLVED && lcp_holds(m, B, m, b, zd, 1e-9);
    T->n++;
    T->dense_solved += sd;
    T->dense_pivots += pd;
    T->basis_pivots += ps;
    T->same_pivots += pd == ps;
    if (ss == NCS_LCP_SOLVED) {
        if (lcp_holds(m, B, m, b, zs, 1e-9)) {
            T->basis_solved++;
        } else {
            if (lcp_holds(m, B, m, b, zs, 1e-6))
                T->basis_near++;        /* z0 left at rounding level: near */
            else
                T->basis_wrong++;
            printf("%s (m %d): solved by the basis but does not hold (to 1e-6: %s; the tableau: "
                   "%s)\n", what, m, lcp_holds(m, B, m, b, zs, 1e-6) ? "holds" : "no",
                   sd ? "solved" : "not solved");
        }
    } else if (sd) {
        T->basis_missed++;
        printf("%s (m %d): the tableau solved it (%d pivots), the basis did not (status %d, "
               "%d pivots)\n", what, m, pd, ss, ps);
    }
}

static void battery(tally *T) {
    static double B[40 * 40], b[40];
    sg_problem *p = malloc(sizeof *p);
    int form, t;
    if (!p)
        exit(2);
    for (form = 0; form <= NCS_FORM_DIFF_ACCURATE; form++) {
        sg_rng r;
        sg_seed(&r, 3000 + form);
        for (t = 0; t < PER_FORM; t++) {
            int m, bodies = 1 + (t % 2), groups = 1 + (t / 2) % 2, convex = (t / 4) % 2;
            char what[64];
            if (sg_generate(&r, p, form, bodies, groups, convex, (t / 8) % 2, (t / 16) % 2))
                exit(2);
            m = ncs_layout_size(&p->layout);
            if (m > 40)
                continue;
            if (ncs_lcp_assemble(&p->layout, p->A, p->a0, p->mu, B, m, b))
                exit(2);
            snprintf(what, sizeof what, "form %d #%d", form, t);
            compare(m, B, b, what, T);
        }
    }
    free(p);
}

static void stored(const char *dir, tally *T) {
    DIR *d = opendir(dir);
    struct dirent *e;
    int files = 0;
    CHECK(d != NULL, "cannot open %s", dir);
    while (d && (e = readdir(d))) {
        char path[4096], err[256];
        ncs_lcp_dat dat;
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".dat") != 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (ncs_lcp_read_dat(path, &dat, err, sizeof err) != 0) {
            CHECK(0, "%s", err);
            continue;
        }
        if (dat.m <= NMAX) {
            compare(dat.m, dat.B, dat.b, e->d_name, T);
            files++;
        }
        ncs_lcp_dat_free(&dat);
    }
    if (d)
        closedir(d);
    CHECK(files >= 30, "%d stored LCPs", files);
}

static void report(const char *name, const tally *T) {
    printf("%s: %d LCPs; tableau solved %d (%ld pivots), factorised basis solved %d (%ld pivots), "
           "%d with the same pivot count; basis wrong %d, near (holds to 1e-6 only) %d, missed %d\n",
           name, T->n, T->dense_solved, T->dense_pivots, T->basis_solved, T->basis_pivots,
           T->same_pivots, T->basis_wrong, T->basis_near, T->basis_missed);
}

int main(int argc, char **argv) {
    static const double M1[9] = {1, 2, 0, 0, 1, 2, 2, 0, 1}, b1[3] = {-1, -1, -1};
    static const double M2[16] = {2, 1, 0, 0, 1, 2, 0, 0, 0, 0, 0, 0, 1, 1, 0, 1};
    static const double b2[4] = {-1, -1, 0, -1};
    static const double M3[9] = {1, 1, 0, 1, 1, 0, 0, 1, 1}, b3[3] = {-1, -1, -1};
    tally gen = {0}, sto = {0};
    const int cap = NMAX * 64;
    size_t nzmax = (size_t)NMAX * NMAX;
    ap = malloc((NMAX + 1) * sizeof *ap);
    ai = malloc(nzmax * sizeof *ai);
    ax = malloc(nzmax * sizeof *ax);
    iv = malloc(ncs_lemkeb_ints(NMAX, (long)nzmax, cap) * sizeof *iv);
    rv = malloc(ncs_lemkeb_reals(NMAX, (long)nzmax, cap) * sizeof *rv);
    zd = malloc(NMAX * sizeof *zd);
    zs = malloc(NMAX * sizeof *zs);
    {
        double *d = malloc(ncs_lemke_doubles(NMAX) * sizeof *d);
        int *di = malloc(ncs_lemke_ints(NMAX) * sizeof *di);
        if (!ap || !ai || !ax || !iv || !rv || !zd || !zs || !d || !di)
            return 2;
        sg_seed(&rng, 88172645463325252ULL);
        test_lu();
        ncs_lemke_bind(&lw, NMAX, d, di);
        ncs_lemkeb_bind(&lb, NMAX, (long)nzmax, cap, iv, rv);
        for (etas = 0; etas <= NCS_LEMKEB_ETAS; etas += NCS_LEMKEB_ETAS) {
            char name[64];
            memset(&gen, 0, sizeof gen);
            memset(&sto, 0, sizeof sto);
            printf("-- a factorisation every %d pivots\n", etas + 1);
            compare(3, M1, b1, "cyclic, b tied", &gen);
            compare(4, M2, b2, "zero row and column", &gen);
            compare(3, M3, b3, "duplicated rows", &gen);
            battery(&gen);
            snprintf(name, sizeof name, "battery, %d etas", etas);
            report(name, &gen);
            CHECK(gen.basis_wrong == 0 && gen.basis_near == 0);
            CHECK(gen.basis_missed * 100 <= gen.dense_solved, "missed %d", gen.basis_missed);
            CHECK(gen.n > 600);
            if (argc > 1) {
                stored(argv[1], &sto);
                snprintf(name, sizeof name, "stored, %d etas", etas);
                report(name, &sto);
                CHECK(sto.basis_wrong == 0 && sto.basis_near <= 1);
                CHECK(sto.basis_solved >= sto.dense_solved + (etas ? 3 : 5), "%d solved",
                      sto.basis_solved);
            }
        }
        free(d), free(di);
    }
    free(ap), free(ai), free(ax), free(iv), free(rv), free(zd), free(zs);
    return CHECK_DONE();
}
