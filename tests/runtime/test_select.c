/* test_select.c - the runtime picks the physical solution of a nonconvex
 * LCP: the verified z of smallest impulse energy u^T A u (the projection of
 * the free-flight velocity onto the union of half-planes, docs/solver.md
 * "Which solution"), not a far side's impulse that teleports the body
 * through the piece. Usage: test_select DATA_DIR */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ncs/assemble.h"
#include "ncs/lcp.h"
#include "ncs/lcp_dat.h"
#include "ncs/vocab.h"
#include "../check.h"
#include "lcp_holds.h"

enum { MMAX = 128, NUMAX = 32 };

static double wsmem[1 << 17];

/* Contact-space data of one LCP. */
typedef struct cdata {
    int nu, ub;                 /* |u| and its offset in z */
    double A[NUMAX * NUMAX];    /* Delassus matrix */
    double a0[NUMAX], mu[NUMAX];
} cdata;

static void extract(const ncs_layout *L, const double *B, int m, const double *b, cdata *d) {
    d->nu = ncs_lcp_contact_size(L);
    d->ub = ncs_lcp_impulse_offset(L);
    CHECK(d->nu > 0 && d->nu <= NUMAX && d->ub >= 0);
    CHECK(ncs_lcp_extract(L, B, m, b, d->A, d->a0, d->mu) == 0);
}

/* u^T A u of the impulses in z. */
static double energy(const cdata *d, const double *z) {
    double e = 0;
    int i, j;
    for (i = 0; i < d->nu; i++)
        for (j = 0; j < d->nu; j++)
            e += z[d->ub + i] * d->A[i * d->nu + j] * z[d->ub + j];
    return e;
}

/* Solves with the given options; checks solved and independently verified. */
static int solve(ncs_lcp_workspace *ws, const ncs_layout *L, int m, const double *B,
                 const double *b, double *z, const ncs_lcp_options *opt,
                 ncs_lcp_info *info) {
    int st = ncs_lcp_solve(ws, L, m, B, m, b, z, NULL, opt, info);
    if (st == NCS_LCP_SOLVED)
        CHECK(lcp_holds(m, B, m, b, z, 1e-9));
    return st;
}

/* A particle (mass 1) on the top side of the triangle (-10, 0) (0, -10)
 * (10, 0), one group of three sides, falling at 1 m/s: the free term of the
 * far sides is about -707, so an impulse from one of them moves the particle
 * 7 m through the triangle in one step of 0.01 s. */
static void triangle(int form) {
    const double s = 0.70710678118654752, h = 0.01, vy = -1.1;
    const double n[3][2] = {{0, 1}, {s, -s}, {-s, -s}};
    const double gap[3] = {0, -10 * s, -10 * s};
    int three[1] = {3}, i, j, st, m;
    ncs_layout L = {0, 1, NULL, 0, 0, 100, 1};
    cdata d;
    double B[MMAX * MMAX], b[MMAX], z[MMAX], zp[MMAX], e, ep;
    ncs_lcp_workspace *ws = ncs_lcp_workspace_init(wsmem, sizeof wsmem, MMAX);
    ncs_lcp_options plain = ncs_lcp_default_options();
    ncs_lcp_info info;

    L.form = form;
    L.group_size = three;
    d.nu = 3;
    for (i = 0; i < 3; i++) {
        d.a0[i] = gap[i] / h + n[i][1] * vy;
        for (j = 0; j < 3; j++)
            d.A[i * 3 + j] = n[i][0] * n[j][0] + n[i][1] * n[j][1];
    }
    m = ncs_layout_size(&L);
    CHECK(m > 0 && m <= MMAX);
    CHECK(ncs_lcp_assemble(&L, d.A, d.a0, d.mu, B, m, b) == 0);
    extract(&L, B, m, b, &d);

    st = solve(ws, &L, m, B, b, z, NULL, &info);
    CHECK(st == NCS_LCP_SOLVED);
    e = energy(&d, z);
    printf("triangle %-13s status=%s path=%d attempts=%d u=(%.6g %.6g %.6g) energy=%.6g\n",
           ncs_form_name(form), ncs_lcp_status_name(st), info.strategy, info.attempts, z[d.ub],
           z[d.ub + 1], z[d.ub + 2], e);
    /* the physical answer: the top side stops the fall (a_top = 0) */
    CHECK(fabs(z[d.ub] - 1.1) < 1e-9);
    CHECK(z[d.ub + 1] == 0 && z[d.ub + 2] == 0);
    CHECK(fabs(e - 1.21) < 1e-9);

    /* plain Lemke on the same LCP: whatever it verifies costs at least as much */
    plain.structured = 0;
    plain.warm_start = 0;
    plain.decompose = 0;
    plain.rescue = 0;
    ws = ncs_lcp_workspace_init(wsmem, sizeof wsmem, MMAX);
    st = solve(ws, &L, m, B, b, zp, &plain, &info);
    ep = st == NCS_LCP_SOLVED ? energy(&d, zp) : -1;
    printf("  plain Lemke: status=%s u=(%.6g %.6g %.6g) energy=%.6g\n", ncs_lcp_status_name(st),
           zp[d.ub], zp[d.ub + 1], zp[d.ub + 2], ep);
    if (st == NCS_LCP_SOLVED)
        CHECK(ep >= e - 1e-9);
    /* summation: plain Lemke meets the teleport (the failure this test pins) */
    if (form == NCS_FORM_SUMMATION)
        CHECK(st == NCS_LCP_SOLVED && zp[d.ub + 1] + zp[d.ub + 2] > 100);

    /* the same LCP again: the warm start verifies with no Lemke run */
    ws = ncs_lcp_workspace_init(wsmem, sizeof wsmem, MMAX);
    CHECK(solve(ws, &L, m, B, b, z, NULL, &info) == NCS_LCP_SOLVED);
    st = solve(ws, &L, m, B, b, z, NULL, &info);
    CHECK(st == NCS_LCP_SOLVED && info.strategy == NCS_LCP_PATH_WARM);
    CHECK(info.attempts == 1 && info.pivots == 0);
    CHECK(fabs(z[d.ub] - 1.1) < 1e-9);
}

/* Builds the LCP of a particle (mass 1) at (x, 0) on the top of the box
 * [-2, 0] x [-2, 0] (one group: top, right, bottom, left), velocity (1, 0),
 * h = 0.1, g = 10 (tests/codegen/scenes/corner.ncs). */
static int box_lcp(const ncs_layout *L, double x, double *B, double *b, cdata *d) {
    const double n[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
    const double on[4][2] = {{0, 0}, {0, 0}, {0, -2}, {-2, 0}}, h = 0.1, v[2] = {1, -1};
    int i, j, m = ncs_layout_size(L);
    d->nu = 4;
    for (i = 0; i < 4; i++) {
        d->a0[i] = (n[i][0] * (x - on[i][0]) + n[i][1] * (0 - on[i][1])) / h +
                   n[i][0] * v[0] + n[i][1] * v[1];
        for (j = 0; j < 4; j++)
            d->A[i * 4 + j] = n[i][0] * n[j][0] + n[i][1] * n[j][1];
    }
    CHECK(ncs_lcp_assemble(L, d->A, d->a0, d->mu, B, m, b) == 0);
    return m;
}

/* The corner (paper Fig. 2b): sliding at x = -0.15 the free end point
 * (-0.05, -0.1) is 0.1 below the top but only 0.05 left of the right face,
 * so the projection alone (cold) pushes the particle out through the right
 * face (energy 0.25 < 1): the end point does not see the path. A verified
 * warm start, the previous step's contact with the top, is kept instead. */
static void corner(int form) {
    int four[1] = {4}, m, st;
    ncs_layout L = {0, 1, NULL, 0, 0, 100, 1e-5};
    cdata d;
    double B[MMAX * MMAX], b[MMAX], z[MMAX];
    ncs_lcp_info info;
    ncs_lcp_workspace *ws = ncs_lcp_workspace_init(wsmem, sizeof wsmem, MMAX);
    L.form = form;
    L.group_size = four;
    m = box_lcp(&L, -0.15, B, b, &d);
    extract(&L, B, m, b, &d);
    st = solve(ws, &L, m, B, b, z, NULL, &info);
    printf("corner form %d cold: status=%s u=(%.6g %.6g %.6g %.6g)\n", form,
           ncs_lcp_status_name(st), z[d.ub], z[d.ub + 1], z[d.ub + 2], z[d.ub + 3]);
    CHECK(st == NCS_LCP_SOLVED && fabs(z[d.ub + 1] - 0.5) < 1e-6 && z[d.ub] == 0);
    CHECK(fabs(energy(&d, z) - 0.25) < 1e-6);
    ws = ncs_lcp_workspace_init(wsmem, sizeof wsmem, MMAX);
    m = box_lcp(&L, -0.25, B, b, &d);       /* the step before: on the top */
    CHECK(solve(ws, &L, m, B, b, z, NULL, &info) == NCS_LCP_SOLVED);
    CHECK(fabs(z[d.ub] - 1) < 1e-6 && z[d.ub + 1] == 0);
    m = box_lcp(&L, -0.15, B, b, &d);
    st = solve(ws, &L, m, B, b, z, NULL, &info);
    printf("corner form %d after a step on the top: status=%s path=%d u=(%.6g %.6g %.6g %.6g)\n",
           form, ncs_lcp_status_name(st), info.strategy, z[d.ub], z[d.ub + 1], z[d.ub + 2],
           z[d.ub + 3]);
    CHECK(st == NCS_LCP_SOLVED && info.strategy == NCS_LCP_PATH_WARM);
    CHECK(fabs(z[d.ub] - 1) < 1e-6 && z[d.ub + 1] == 0);
}

/* Step 64 of tests/geometry/dynamic/vnotch.ncs (four convex pieces meet at
 * the notch bottom). Max: the physical answer is the projection onto the
 * two sides that meet there, u_4 = 3.0173, u_8 = 1.9082 (energy 16.387);
 * the LCP also has far-side solutions (u_0 = 95.95 drops the particle to the
 * block's bottom face, u_1 = 600 shoots it to the right face). Summation:
 * its group rows relax each piece by eps_h, and its smallest-energy
 * solution is u_4 alone (energy 11.47, about eps / 4 inside piece 0). */
static void vnotch(const char *dir, const char *name, int form) {
    char path[1024], err[256];
    ncs_lcp_dat dat;
    cdata d;
    double z[MMAX], e;
    int st, i;
    ncs_lcp_info info;
    ncs_lcp_workspace *ws = ncs_lcp_workspace_init(wsmem, sizeof wsmem, MMAX);

    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (ncs_lcp_read_dat(path, &dat, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        CHECK_FAILURES++;
        return;
    }
    CHECK(dat.m <= MMAX && dat.layout.form == form);
    extract(&dat.layout, dat.B, dat.m, dat.b, &d);
    st = solve(ws, &dat.layout, dat.m, dat.B, dat.b, z, NULL, &info);
    e = energy(&d, z);
    printf("%-22s status=%s path=%d attempts=%d pivots=%d energy=%.6g u4=%.6g u8=%.6g\n",
           name, ncs_lcp_status_name(st), info.strategy, info.attempts, info.pivots, e,
           z[d.ub + 4], z[d.ub + 8]);
    CHECK(st == NCS_LCP_SOLVED);
    for (i = 0; i < d.nu; i++)             /* no far side pushes */
        if (d.a0[i] < -50)
            CHECK(z[d.ub + i] == 0);
    if (form == NCS_FORM_MAX) {
        CHECK(fabs(z[d.ub + 4] - 3.01731) < 1e-4 && fabs(z[d.ub + 8] - 1.90821) < 1e-4);
        CHECK(fabs(e - 16.3869) < 1e-3);
    } else {
        CHECK(fabs(z[d.ub + 4] - 3.38712) < 1e-4 && fabs(e - 11.4726) < 1e-3);
    }
    ncs_lcp_dat_free(&dat);
}

/* The selection path with one component takes its own check of every row
 * as the final one and reads B again only when the caller wants w
 * (docs/solver.md, "Strategy"). Asking for w must change nothing: the
 * same status, path, z bit for bit and reported residual, on every stored
 * nonconvex LCP; and the residual must be that of the returned z (w
 * recomputed here, the same scaled measure). Returns how many of the
 * files took the selection path. */
static int with_and_without_w(const char *dir, const char *name) {
    char path[1024], err[256];
    ncs_lcp_dat dat;
    double z0[MMAX], z1[MMAX], w[MMAX], zs = 0, res = 0;
    ncs_lcp_info i0, i1;
    ncs_lcp_workspace *ws;
    int st0, st1, r, c, took;

    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (ncs_lcp_read_dat(path, &dat, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        CHECK_FAILURES++;
        return 0;
    }
    CHECK(dat.m <= MMAX && dat.has_layout && dat.layout.ngroups > 0);
    if (dat.m > MMAX) {
        ncs_lcp_dat_free(&dat);
        return 0;
    }
    ws = ncs_lcp_workspace_init(wsmem, sizeof wsmem, MMAX);
    st0 = ncs_lcp_solve(ws, &dat.layout, dat.m, dat.B, dat.m, dat.b, z0, NULL, NULL, &i0);
    ws = ncs_lcp_workspace_init(wsmem, sizeof wsmem, MMAX);
    st1 = ncs_lcp_solve(ws, &dat.layout, dat.m, dat.B, dat.m, dat.b, z1, w, NULL, &i1);
    CHECK(st0 == NCS_LCP_SOLVED && st1 == st0);
    CHECK(i0.strategy == i1.strategy && i0.attempts == i1.attempts);
    CHECK(memcmp(z0, z1, (size_t)dat.m * sizeof *z0) == 0);
    CHECK(i0.residual == i1.residual && i0.residual <= 1e-9);
    for (r = 0; r < dat.m; r++)
        zs = fabs(z0[r]) > zs ? fabs(z0[r]) : zs;
    for (r = 0; r < dat.m; r++) {
        double wr = dat.b[r], sc = fabs(dat.b[r]), bmax = 0, zr, wn, v;
        for (c = 0; c < dat.m; c++) {
            wr += dat.B[r * dat.m + c] * z0[c];
            bmax = fabs(dat.B[r * dat.m + c]) > bmax ? fabs(dat.B[r * dat.m + c]) : bmax;
        }
        CHECK(fabs(wr - w[r]) <= 1e-12 * (sc + bmax * zs + 1));
        sc += bmax * zs;
        zr = zs > 0 ? z0[r] / zs : 0;
        wn = sc > 0 ? wr / sc : 0;
        v = -zr > -wn ? -zr : -wn;
        v = (zr < wn ? zr : wn) > v ? (zr < wn ? zr : wn) : v;
        res = v > res ? v : res;
    }
    CHECK(fabs(res - i0.residual) <= 1e-12);
    took = i0.strategy == NCS_LCP_PATH_SELECT;
    printf("%-30s w or not: status=%s path=%d residual=%.3g (recomputed %.3g)\n", name,
           ncs_lcp_status_name(st0), i0.strategy, i0.residual, res);
    ncs_lcp_dat_free(&dat);
    return took;
}

int main(int argc, char **argv) {
    int form;
    if (argc != 2) {
        fprintf(stderr, "usage: test_select DATA_DIR\n");
        return 2;
    }
    for (form = NCS_FORM_MAX; form <= NCS_FORM_DIFF_ACCURATE; form++) {
        triangle(form);
        if (form != NCS_FORM_SUMMATION)
            corner(form);
    }
    vnotch(argv[1], "vnotch-max-step64.dat", NCS_FORM_MAX);
    vnotch(argv[1], "vnotch-sum-step64.dat", NCS_FORM_SUMMATION);
    {
        static const char *const nonconvex[] = {
            "fig3a-max.dat", "fig3a-sum.dat", "fig3b-max.dat", "fig3b-sum.dat",
            "valley-max-fric-step74.dat", "vnotch-max-step64.dat", "vnotch-sum-step64.dat"};
        int k, took = 0;
        for (k = 0; k < (int)(sizeof nonconvex / sizeof *nonconvex); k++)
            took += with_and_without_w(argv[1], nonconvex[k]);
        CHECK(took >= 4);       /* the shortcut is exercised, not bypassed */
    }
    return CHECK_DONE();
}
