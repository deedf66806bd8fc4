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
 * for a few (rounding decides different ties in different orders).
 *
 * A by its factor: each battery LCP also in the augmented form
 * (ncs_lcp_assemble_aug, the point masses' G and inverse masses), whose
 * elimination must give the assembled B and b, run by Lemke with the
 * velocity changes as free variables (the same decisions as the tableau),
 * and solved by ncs_lcp_solve_cs with A NULL: every answer holding, then
 * verified from itself as the guess without a pivot; and the assembler's
 * refusals. */
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

/* ncs_lcp_solve_cs given A only by its factor (A NULL): solved, and from
 * its own answer as the guess, verified without a pivot. */
typedef struct ftally {
    int n, solved, wrong, warm, warm_pivots;
} ftally;
static ftally fac;
static void *fws;
static size_t fws_bytes;

static ncs_lemke_work lw;
static ncs_lemkeb lb;
static int etas;                        /* lb.max_etas of the runs */
static double *zd, *zs;

/* Tallies one LCP: the tableau's verdict sd (solved and holding) after pd
 * pivots, the basis's status ss after ps with its z in zs. */
static void record(tally *T, int m, const double *B, const double *b, const char *what, int sd,
                   int pd, int ss, int ps) {
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

static void compare(int m, const double *B, const double *b, const char *what, tally *T) {
    int pd = 0, ps = 0, sd, ss;
    long nz = compress(m, B, ap, ai, ax);
    (void)nz;
    sd = ncs_lemke_run(&lw, m, B, m, b, 50 * m + 100, zd, NULL, &pd, NULL, 0);
    lb.max_etas = etas;
    ss = ncs_lemkeb_run(&lb, m, 0, ap, ai, ax, b, 50 * m + 100, zs, &ps);
    sd = sd == NCS_LCP_SOLVED && lcp_holds(m, B, m, b, zd, 1e-9);
    record(T, m, B, b, what, sd, pd, ss, ps);
}

/* The augmented form of problem p (ncs_lcp_assemble_aug: A by its factor
 * G, the point masses' velocity changes as free variables): eliminating
 * y must give the dense B and b, and Lemke on it must decide as the
 * tableau on B (the same status and pivots but for rounding's ties). */
static void compare_aug(const sg_problem *p, int m, const double *B, const double *b,
                        const char *what, tally *T) {
    static int gp[SG_MAX_NC * 3 + 1], gi[SG_MAX_NC * 6], bp[NMAX + 1], work[NMAX];
    static int bi[40 * 40 * 4];
    static double gx[SG_MAX_NC * 6], bx[40 * 40 * 4], bb[NMAX], Be[40 * 40];
    int nd = 2 * p->nbodies, n = m + nd, q, i, j, c, pd = 0, ps = 0, sd, ss;
    long nz;
    double worst = 0;
    for (q = 0; q < p->nu; q++) {
        gp[q] = 2 * q;
        gi[2 * q] = 2 * p->gbody[q];
        gi[2 * q + 1] = 2 * p->gbody[q] + 1;
        gx[2 * q] = p->gx[q];
        gx[2 * q + 1] = p->gy[q];
    }
    gp[p->nu] = 2 * p->nu;
    nz = ncs_lcp_assemble_aug(&p->layout, nd, gp, gi, gx, p->minv, p->a0, p->mu,
                              (long)(sizeof bi / sizeof bi[0]), bp, bi, bx, bb, work);
    CHECK(nz > 0, "%s: assemble_aug %ld", what, nz);
    if (nz <= 0)
        return;
    if (T->n == 0) {                    /* refusals, once */
        static int bp2[NMAX + 1], bi2[8];
        static double bx2[8], bb2[NMAX], mneg[32];
        CHECK(ncs_lcp_assemble_aug(&p->layout, nd, gp, gi, gx, p->minv, p->a0, p->mu, 4, bp2, bi2,
                                   bx2, bb2, work) == -2 && bp2[n] >= nz,
              "too little room: -2 and the count");
        memcpy(mneg, p->minv, sizeof mneg);
        mneg[0] = -1;
        CHECK(ncs_lcp_assemble_aug(&p->layout, nd, gp, gi, gx, mneg, p->a0, p->mu, 8, bp2, bi2,
                                   bx2, bb2, work) == -1, "a negative inverse mass refused");
        CHECK(ncs_lcp_assemble_aug(&p->layout, 1, gp, gi, gx, p->minv, p->a0, p->mu, 8, bp2, bi2,
                                   bx2, bb2, work) == -1, "a column of G beyond nd refused");
        {   /* the solver refuses such a factor in A's place, and no A at all */
            ncs_lcp_factor f;
            ncs_lcp_options o = ncs_lcp_default_options();
            ncs_lcp_info info;
            static double zf[NMAX];
            f.nd = 1, f.gp = gp, f.gi = gi, f.gx = gx, f.minv = p->minv;
            o.factor = &f;
            ncs_lcp_solve_cs(ncs_lcp_workspace_init_cs(fws, fws_bytes, 64, 64), &p->layout, NULL,
                             p->nu, p->a0, p->mu, NULL, zf, NULL, &o, &info);
            CHECK(info.status == NCS_LCP_BAD_INPUT, "a factor beyond nd: status %d", info.status);
            f.nd = nd, f.minv = mneg;
            ncs_lcp_solve_cs(ncs_lcp_workspace_init_cs(fws, fws_bytes, 64, 64), &p->layout, NULL,
                             p->nu, p->a0, p->mu, NULL, zf, NULL, &o, &info);
            CHECK(info.status == NCS_LCP_BAD_INPUT, "a negative inverse mass: status %d",
                  info.status);
            o.factor = NULL;
            ncs_lcp_solve_cs(ncs_lcp_workspace_init_cs(fws, fws_bytes, 64, 64), &p->layout, NULL,
                             p->nu, p->a0, p->mu, NULL, zf, NULL, &o, &info);
            CHECK(info.status == NCS_LCP_BAD_INPUT, "neither A nor a factor: status %d",
                  info.status);
        }
    }
    /* B = B0 + (E G) (Minv G^T S): the y rows hold y = Minv G^T S z */
    for (i = 0; i < m * m; i++)
        Be[i] = 0;
    for (c = 0; c < m; c++)
        for (q = bp[c]; q < bp[c + 1]; q++)
            if (bi[q] < m)
                Be[bi[q] * m + c] += bx[q];
    for (c = m; c < n; c++)             /* column y_c: E G's rows times row c */
        for (q = bp[c]; q < bp[c + 1]; q++) {
            int r = bi[q], t;
            if (r >= m)
                continue;
            for (j = 0; j < m; j++)
                for (t = bp[j]; t < bp[j + 1]; t++)
                    if (bi[t] == c)
                        Be[r * m + j] += bx[q] * bx[t];
        }
    for (i = 0; i < m * m; i++)
        worst = fabs(Be[i] - B[i]) > worst ? fabs(Be[i] - B[i]) : worst;
    for (i = 0; i < m; i++)
        worst = fabs(bb[i] - b[i]) > worst ? fabs(bb[i] - b[i]) : worst;
    for (i = m; i < n; i++)
        worst = fabs(bb[i]) > worst ? fabs(bb[i]) : worst;
    CHECK(worst <= 1e-9, "%s: the augmented form's B and b are %g off", what, worst);
    sd = ncs_lemke_run(&lw, m, B, m, b, 50 * m + 100, zd, NULL, &pd, NULL, 0);
    sd = sd == NCS_LCP_SOLVED && lcp_holds(m, B, m, b, zd, 1e-9);
    if (etas == 0) {
        ncs_lcp_factor f;
        ncs_lcp_options o = ncs_lcp_default_options();
        ncs_lcp_info info;
        static double zf[NMAX];
        f.nd = nd, f.gp = gp, f.gi = gi, f.gx = gx, f.minv = p->minv;
        o.factor = &f;
        ncs_lcp_solve_cs(ncs_lcp_workspace_init_cs(fws, fws_bytes, 64, 64), &p->layout, NULL,
                         p->nu, p->a0, p->mu, NULL, zf, NULL, &o, &info);
        fac.n++;
        if (info.status == NCS_LCP_SOLVED) {
            fac.solved++;
            if (!lcp_holds(m, B, m, b, zf, 1e-9)) {
                fac.wrong++;
                printf("%s (m %d): solved with A by its factor, does not hold\n", what, m);
            }
            o.guess = zf;
            ncs_lcp_solve_cs(ncs_lcp_workspace_init_cs(fws, fws_bytes, 64, 64), &p->layout, NULL,
                             p->nu, p->a0, p->mu, NULL, zf, NULL, &o, &info);
            fac.warm += info.status == NCS_LCP_SOLVED && (info.strategy == NCS_LCP_PATH_WARM ||
                                                          info.strategy == NCS_LCP_PATH_TRIVIAL);
            fac.warm_pivots += info.pivots;
        }
    }
    lb.max_etas = etas;
    ss = ncs_lemkeb_run(&lb, n, nd, bp, bi, bx, bb, 50 * m + 100, zs, &ps);
    record(T, m, B, b, what, sd, pd, ss, ps);
}

static void battery(tally *T, tally *TA) {
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
            compare_aug(p, m, B, b, what, TA);
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
    tally gen = {0}, sto = {0}, aug = {0};
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
        fws_bytes = ncs_lcp_cs_workspace_bytes(64, 64);
        fws = malloc(fws_bytes);
        if (!fws)
            return 2;
        test_lu();
        ncs_lemke_bind(&lw, NMAX, d, di);
        ncs_lemkeb_bind(&lb, NMAX, (long)nzmax, cap, iv, rv);
        for (etas = 0; etas <= NCS_LEMKEB_ETAS; etas += NCS_LEMKEB_ETAS) {
            char name[64];
            memset(&gen, 0, sizeof gen);
            memset(&sto, 0, sizeof sto);
            memset(&aug, 0, sizeof aug);
            printf("-- a factorisation every %d pivots\n", etas + 1);
            compare(3, M1, b1, "cyclic, b tied", &gen);
            compare(4, M2, b2, "zero row and column", &gen);
            compare(3, M3, b3, "duplicated rows", &gen);
            battery(&gen, &aug);
            snprintf(name, sizeof name, "battery, %d etas", etas);
            report(name, &gen);
            snprintf(name, sizeof name, "battery augmented (A by its factor), %d etas", etas);
            report(name, &aug);
            CHECK(aug.basis_wrong == 0 && aug.basis_near == 0);
            CHECK(aug.basis_missed * 100 <= aug.dense_solved, "missed %d", aug.basis_missed);
            CHECK(aug.n == gen.n - 3);
            if (etas == 0) {
                printf("A by its factor only (ncs_lcp_solve_cs, A NULL): %d LCPs, %d solved "
                       "(%d do not hold); from their answers as guesses %d verified at once, "
                       "%d pivots\n", fac.n, fac.solved, fac.wrong, fac.warm, fac.warm_pivots);
                CHECK(fac.wrong == 0);
                CHECK(fac.solved >= aug.dense_solved, "%d solved", fac.solved);
                CHECK(fac.warm == fac.solved && fac.warm_pivots == 0, "warm %d, %d pivots",
                      fac.warm, fac.warm_pivots);
            }
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
        free(d), free(di), free(fws);
    }
    free(ap), free(ai), free(ax), free(iv), free(rv), free(zd), free(zs);
    return CHECK_DONE();
}
