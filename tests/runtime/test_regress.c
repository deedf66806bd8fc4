/* test_regress.c - LCPs that once failed, the work bound of a failing
 * solve, Murty's examples and degenerate layouts.
 * Usage: test_regress DATA_DIR
 *
 *  - valley-max-fric-step74.dat: examples/rigid/valley.ncs under --formulation
 *    max with friction, step 74 (a box corner in the valley's reflex vertex,
 *    touching three pieces at one point). Solvable: an exhaustive enumeration
 *    of the contact states (GLPK, exact arithmetic; docs/solver.md) found the
 *    solution below; Lemke on the convex LCP of the right sides finds another
 *    one that breaks a group without impulse. Solved and equal to it.
 *  - stress-*.dat: the auditor's larger random scenes (seed 4242) that ended
 *    unverified: all solved, within the work budget (stress2-*: two more
 *    from a rerun of that generator).
 *  - an LCP without solution (a point pinned between a wall and pieces on
 *    the other side): a clean failure, z and w zeroed, bounded work, the
 *    best candidate's residual reported.
 *  - Murty's upper and lower triangular examples, n = 2..16 (Lemke needs
 *    2^n pivots on the lower one): solved, the unique z.
 *  - duplicated contacts in every formulation, with and without friction,
 *    through a layout: solved and verified.
 *  - issue 16 (tiles-*.dat): a box sliding with friction over a row of
 *    touching tiles, max. Step 92 of the 10 m/s run, where plain Lemke
 *    stops on a ray: solved, and its energy is the smallest of the
 *    brute-force enumeration (brute.h). Step 102 of the 12 m/s run, where
 *    the capped search returned a verified solution of energy 262.5 that
 *    threw the box backwards: the search runs to its end (info.smallest)
 *    and returns energy 1.178e-4. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ncs/assemble.h"
#include "ncs/lcp.h"
#include "ncs/lcp_dat.h"
#include "brute.h"
#include "../check.h"
#include "lcp_holds.h"

enum { MMAX = 900 };

/* The work bound of one call (solve.c: ATTEMPT_BUDGET, the pivot budget of
 * the selection path, then at most eight Lemke runs of 50 m + 100 pivots:
 * Lemke from the guess, plain Lemke and its tight run, the regularised
 * restart's two, strict z0 ties, the components' blocks in the search's
 * two passes; and the proximal steps, at most 2 x 5 runs). */
static int within_budget(int m, const ncs_lcp_info *info) {
    return info->attempts <= 2048 + 8 + 10 && info->pivots <= 40 * m + 8000 + 16 * (50 * m + 100);
}

static void files(ncs_lcp_workspace *ws, const char *dir) {
    static const char *const names[] = {
        "stress-diff-accurate-f1-269.dat", "stress-diff-accurate-f1-30.dat",
        "stress-diff-f1-535.dat", "stress-diff-f1-855.dat", "stress-max-f0-924.dat",
        "stress-max-f1-492.dat", "stress-max-f1-544.dat", "stress-summation-f1-346.dat",
        "valley-max-fric-step74.dat",
        /* the same generator without the plain-Lemke solve between steps:
         * solvable (one with impulses of about 1, found by an exact
         * contact-state enumeration), needing a chosen wall to stay off */
        "stress2-max-f1-3967.dat", "stress2-max-f1-8814.dat",
        /* degenerate pile LCPs: a reduced friction LCP whose Lemke answer
         * missed its own rows (the reduced restart), and z0 leaving through
         * the looser tie window a pivot early (strict z0 ties): both were
         * 'unverified' (trust.push-friction-seam, trust.teeth-pile-friction) */
        "push-friction-max-step31.dat", "teeth-pile-summation-step159.dat",
        /* trust.pyramid (10 boxes at rest, frictionless): the reduced
         * convex LCP of the right choice is degenerate (more contacts with
         * impulse than the bodies' 30 freedoms), and Lemke's answer missed
         * its own rows by 1e-9..1e-5; the polish of the reduced answer
         * (its support re-solved, worst violations exchanged) solves them */
        "pyramid-summation-step288.dat", "pyramid-diff-step773.dat",
        "pyramid-diff-accurate-step1099.dat",
        /* pile LCPs with friction where every Lemke path ends on a ray or
         * 4.5e-5 off (trust.pyramid-friction step 309, trust.defect-stack-ray
         * steps 175 and 290, the seam push under stewart step 75): the
         * regularised restart's basis repaired (up to 64 exchanges, proximal
         * steps on a singular support) solves them */
        "pyramid-friction-max-step309.dat", "stack-ray-max-step175.dat",
        "stack-ray-max-step290.dat", "seam-push-stewart-step75.dat",
        /* 100 discs poured into a V (bench/box2d/valley100.ncs, step 130;
         * the same LCP under every formulation: 171 convex contacts with
         * friction, no group): plain Lemke, the regularised restart and
         * every other path end on a ray; the proximal steps solve it */
        "valley100-max-step130.dat",
        /* the same pour under stewart, step 360 (216 convex contacts, 864
         * rows): the default Lemke run stopped with z0 at its exit
         * tolerance and a residual of 1.1e-9 (tol 1e-9); every later path
         * failed. The tight run (z0 out on true ties only, lexicographic
         * ties at 1e-14) solves it to 9e-13 */
        "valley100-stewart-step360.dat",
        /* trust.pyramid-unit-friction under diff-accurate, step 4385: an
         * answer with z up to 1e14 passed the scaled residual at 2e-14
         * while a contact approached at 0.54 of b's scale (the row check,
         * docs/solver.md, refuses it; lcp_holds checks rows the same way):
         * solved, every row holding */
        "pyramid-unit-friction-diff-accurate-step4385.dat"};
    size_t f;
    for (f = 0; f < sizeof names / sizeof *names; f++) {
        char path[1024], err[256];
        ncs_lcp_dat d;
        ncs_lcp_info info;
        ncs_lcp_options opt = ncs_lcp_default_options();
        double *z;
        int st;
        snprintf(path, sizeof path, "%s/%s", dir, names[f]);
        if (ncs_lcp_read_dat(path, &d, err, sizeof err) != 0) {
            fprintf(stderr, "%s: %s\n", path, err);
            CHECK_FAILURES++;
            continue;
        }
        CHECK(d.has_layout && d.m <= MMAX);
        z = calloc((size_t)d.m, sizeof *z);
        opt.warm_start = 0;
        st = ncs_lcp_solve(ws, &d.layout, d.m, d.B, d.m, d.b, z, NULL, &opt, &info);
        printf("%-34s m=%3d %s pivots=%d attempts=%d\n", names[f], d.m,
               ncs_lcp_status_name(st), info.pivots, info.attempts);
        CHECK(st == NCS_LCP_SOLVED);
        CHECK(lcp_holds(d.m, d.B, d.m, d.b, z, 1e-8));
        CHECK(within_budget(d.m, &info));
        if (strstr(names[f], "valley-max-fric")) {
            /* p_y of the group-3 sides (z 28, 29) and their friction (38, 41):
             * the vertex the exact enumeration found */
            CHECK(fabs(z[28] - 0.033209930074573124) < 1e-9);
            CHECK(fabs(z[29] - 0.04156770143710755) < 1e-9);
            CHECK(fabs(z[39] - 0.016604965037286562) < 1e-9);
            CHECK(fabs(z[40] - 0.020783850718553775) < 1e-9);
            CHECK(z[24] == 0 && z[25] == 0 && z[26] == 0 && z[27] == 0);
        }
        free(z);
        ncs_lcp_dat_free(&d);
    }
}

/* A frictionless point (M = I) pinned in y by two walls (normals (0, 1) and
 * (0, -1), a0 = 0) and pushed right by a wall (normal (1, 0), needs
 * v'_x >= 1), with 6 pieces of 6 sides on its right, every side's normal
 * almost (-1, 0) and needing v'_x <= -1: no solution. Every piece is one
 * group of the same component, so the search could run through 22^6
 * choices; the budget stops it. */
static void no_solution(ncs_lcp_workspace *ws, int form) {
    enum { G = 6, S = 6, Y = G * S, X = 3, NC = Y + X };
    static double A[NC * NC], a0[NC], mu[NC], B[MMAX * MMAX], b[MMAX], z[MMAX], w[MMAX];
    double n[NC][2];
    int sizes[G], i, j, m, st;
    ncs_layout L;
    ncs_lcp_info info;
    ncs_lcp_options opt = ncs_lcp_default_options();
    for (i = 0; i < G; i++)
        sizes[i] = S;
    for (j = 0; j < Y; j++) {
        double t = 0.01 * (j % S) - 0.02;
        n[j][0] = -1;
        n[j][1] = t;
        a0[j] = -1 - 0.001 * j;
    }
    n[Y][0] = 0, n[Y][1] = 1, a0[Y] = 0;
    n[Y + 1][0] = 0, n[Y + 1][1] = -1, a0[Y + 1] = 0;
    n[Y + 2][0] = 1, n[Y + 2][1] = 0, a0[Y + 2] = -1;
    for (i = 0; i < NC; i++)
        for (j = 0; j < NC; j++)
            A[i * NC + j] = n[i][0] * n[j][0] + n[i][1] * n[j][1];
    memset(&L, 0, sizeof L);
    L.form = form;
    L.ngroups = G;
    L.group_size = sizes;
    L.nconvex = X;
    L.gamma = 100;
    L.eps_h = 0.01;
    m = ncs_layout_size(&L);
    CHECK(m > 0 && m <= MMAX);
    if (m <= 0 || m > MMAX)
        return;
    CHECK(ncs_lcp_assemble(&L, A, a0, mu, B, m, b) == 0);
    for (i = 0; i < m; i++)
        z[i] = w[i] = 7;
    opt.warm_start = 0;
    st = ncs_lcp_solve(ws, &L, m, B, m, b, z, w, &opt, &info);
    printf("no solution, form %d: m=%d %s pivots=%d attempts=%d residual=%.3g\n", form, m,
           ncs_lcp_status_name(st), info.pivots, info.attempts, info.residual);
    CHECK(st != NCS_LCP_SOLVED && st != NCS_LCP_BAD_INPUT);
    for (i = 0; i < m; i++)
        CHECK(z[i] == 0 && w[i] == 0);
    CHECK(within_budget(m, &info));
    CHECK(info.strategy == NCS_LCP_PATH_NONE);
    /* a candidate existed: its residual is reported, finite and too big */
    if (st == NCS_LCP_UNVERIFIED)
        CHECK(info.residual > 1e-9 && info.residual < 1e30);
}

/* One huge z hiding a violated row (the row check, docs/solver.md): B =
 * [[s, 0, 0], [0, 0, 1], [0, -1, 0]], b = (-1, 0, -e). w_2 = -z_1 - e < 0
 * for every z >= 0: no solution. Before the row check the regularised
 * restart returned z = (1/s, 0, ~8e6) as solved: w_2 = -e, which the
 * scaled residual measured against max|z| (1.25e-11). Every scale must
 * fail cleanly, z zeroed. */
static void hidden_row(ncs_lcp_workspace *ws) {
    static const double sv[] = {1e-4, 1e-5, 2e-6}, ev[] = {1e-4, 1e-5, 1e-6};
    size_t a, c;
    for (a = 0; a < 3; a++)
        for (c = 0; c < 3; c++) {
            double B[9] = {0, 0, 0, 0, 0, 1, 0, -1, 0}, b[3], z[3] = {7, 7, 7};
            ncs_lcp_info info;
            int st;
            B[0] = sv[a];
            b[0] = -1, b[1] = 0, b[2] = -ev[c];
            st = ncs_lcp_solve(ws, NULL, 3, B, 3, b, z, NULL, NULL, &info);
            printf("hidden row s=%g e=%g: %s residual=%.3g\n", sv[a], ev[c],
                   ncs_lcp_status_name(st), info.residual);
            CHECK(st != NCS_LCP_SOLVED && st != NCS_LCP_BAD_INPUT);
            CHECK(z[0] == 0 && z[1] == 0 && z[2] == 0);
        }
}

/* Murty's examples: unit diagonal, 2 above (upper) or below (lower) it,
 * b = -1: P-matrices, unique solutions e_n (upper) and e_1 (lower). */
static void murty(ncs_lcp_workspace *ws) {
    static double B[16 * 16], b[16], z[16];
    int v, n, i, j;
    for (v = 0; v < 2; v++)
        for (n = 2; n <= 16; n++) {
            ncs_lcp_info info;
            int st;
            for (i = 0; i < n; i++) {
                for (j = 0; j < n; j++)
                    B[i * n + j] = i == j ? 1 : (v == 0 ? j > i : j < i) ? 2 : 0;
                b[i] = -1;
            }
            st = ncs_lcp_solve(ws, NULL, n, B, n, b, z, NULL, NULL, &info);
            if (n == 16)
                printf("murty %s n=%d: %s pivots=%d path=%d\n", v ? "lower" : "upper", n,
                       ncs_lcp_status_name(st), info.pivots, info.strategy);
            CHECK(st == NCS_LCP_SOLVED);
            CHECK(lcp_holds(n, B, n, b, z, 1e-9));
            for (i = 0; i < n; i++)
                CHECK(fabs(z[i] - (i == (v ? 0 : n - 1))) < 1e-9);
        }
}

/* Two identical contacts (duplicated rows and columns of A) beside a third,
 * in groups and as convex contacts, every formulation, with and without
 * friction, solved through the layout. */
static void duplicated(ncs_lcp_workspace *ws) {
    static double B[64 * 64], b[64], z[64];
    const double n[4][2] = {{0, 1}, {0, 1}, {0.6, 0.8}, {0, 1}};
    double A[12 * 12], a0[12], mu[4] = {0.5, 0.5, 0.3, 0.5}, W[12][2];
    int sizes[2] = {2, 1}, form, fric, i, j;
    for (form = 0; form <= NCS_FORM_DIFF_ACCURATE; form++)
        for (fric = 0; fric < 2; fric++) {
            ncs_layout L;
            int k = 2 * fric, nc = 4, nu = nc * (1 + k), m, st;
            memset(&L, 0, sizeof L);
            L.form = form;
            L.ngroups = form ? 2 : 0;
            L.group_size = form ? sizes : NULL;
            L.nconvex = form ? 1 : 4;
            L.nfric = k;
            L.gamma = 100;
            L.eps_h = 0.01;
            for (i = 0; i < nc; i++) {      /* normals, then +t / -t */
                W[i][0] = n[i][0], W[i][1] = n[i][1];
                for (j = 0; j < k; j++) {
                    W[nc + i * k + j][0] = (j ? -1 : 1) * n[i][1];
                    W[nc + i * k + j][1] = (j ? 1 : -1) * n[i][0];
                }
            }
            for (i = 0; i < nu; i++) {
                for (j = 0; j < nu; j++)
                    A[i * nu + j] = W[i][0] * W[j][0] + W[i][1] * W[j][1];
                a0[i] = W[i][0] * 0.3 + W[i][1] * -1.0;   /* v_free = (0.3, -1) */
            }
            m = ncs_layout_size(&L);
            CHECK(m > 0 && m <= 64 && ncs_lcp_assemble(&L, A, a0, mu, B, m, b) == 0);
            st = ncs_lcp_solve(ws, &L, m, B, m, b, z, NULL, NULL, NULL);
            CHECK(st == NCS_LCP_SOLVED);
            CHECK(lcp_holds(m, B, m, b, z, 1e-9));
        }
}

/* u^T A u of the impulses of z, A from the layout's rows (ncs_lcp_extract). */
static double energy_of(const ncs_lcp_dat *d, const double *z, double *A) {
    int nu = ncs_lcp_contact_size(&d->layout), ub = ncs_lcp_impulse_offset(&d->layout);
    double *a0 = calloc((size_t)nu, sizeof *a0), *mu = calloc((size_t)nu, sizeof *mu), e;
    CHECK(ncs_lcp_extract(&d->layout, d->B, d->m, d->b, A, a0, mu) == 0);
    e = brute_energy(nu, A, z + ub);
    free(a0);
    free(mu);
    return e;
}

/* Issue 16's LCPs (see the top of the file). */
static void issue16(ncs_lcp_workspace *ws, const char *dir) {
    static const struct {
        const char *name;
        double energy;      /* the smallest; < 0: from the brute-force enumeration */
    } cases[] = {{"tiles-max-fric-v10-step92.dat", -1},
                 {"tiles-max-fric-v12-step102.dat", 1.178030435273585e-4}};
    size_t f;
    for (f = 0; f < sizeof cases / sizeof *cases; f++) {
        char path[1024], err[256];
        ncs_lcp_dat d;
        ncs_lcp_info info;
        ncs_lcp_options opt = ncs_lcp_default_options();
        double *z, *A, e, emin = cases[f].energy;
        int st, nu;
        snprintf(path, sizeof path, "%s/%s", dir, cases[f].name);
        if (ncs_lcp_read_dat(path, &d, err, sizeof err) != 0) {
            fprintf(stderr, "%s: %s\n", path, err);
            CHECK_FAILURES++;
            continue;
        }
        nu = ncs_lcp_contact_size(&d.layout);
        z = calloc((size_t)d.m, sizeof *z);
        A = calloc((size_t)nu * nu, sizeof *A);
        opt.warm_start = 0;
        st = ncs_lcp_solve(ws, &d.layout, d.m, d.B, d.m, d.b, z, NULL, &opt, &info);
        e = energy_of(&d, z, A);
        if (emin < 0) {
            brute_result r = brute_lcp(d.m, d.B, d.b, 1e-9, A, nu,
                                       ncs_lcp_impulse_offset(&d.layout), NULL);
            CHECK(r.solutions > 0);
            emin = r.emin;
        }
        printf("%-34s m=%3d %s pivots=%d attempts=%d residual=%.3g energy=%.17g (smallest "
               "%.17g)\n", cases[f].name, d.m, ncs_lcp_status_name(st), info.pivots,
               info.attempts, info.residual, e, emin);
        CHECK(st == NCS_LCP_SOLVED && info.residual <= 1e-9);
        CHECK(brute_residual(d.m, d.B, d.b, z) <= 1e-9);
        CHECK(fabs(e - emin) <= 1e-9 * emin);
        CHECK(within_budget(d.m, &info));
        if (d.m > 20)
            CHECK(info.smallest == 1);      /* the search ran to its end */
        free(z);
        free(A);
        ncs_lcp_dat_free(&d);
    }
}

int main(int argc, char **argv) {
    size_t bytes = ncs_lcp_workspace_bytes(MMAX);
    void *mem = malloc(bytes);
    ncs_lcp_workspace *ws = ncs_lcp_workspace_init(mem, bytes, MMAX);
    int form;
    if (argc != 2 || !ws) {
        fprintf(stderr, "usage: test_regress DATA_DIR\n");
        return 2;
    }
    files(ws, argv[1]);
    for (form = NCS_FORM_MAX; form <= NCS_FORM_DIFF_ACCURATE; form++)
        no_solution(ws, form);
    murty(ws);
    hidden_row(ws);
    duplicated(ws);
    issue16(ws, argv[1]);
    free(mem);
    return CHECK_DONE();
}
