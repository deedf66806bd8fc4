/* test_battery.c - randomized point-mass steps in every formulation, plus
 * degenerate and cycling-prone LCPs. Asserts 100% verified for the full
 * strategy; prints plain Lemke's success rate beside it. */
#include <stdlib.h>
#include <string.h>
#include "ncs/assemble.h"
#include "ncs/lcp.h"
#include "ncs/vocab.h"
#ifndef NCS_NO_DAT
#include "ncs/lcp_dat.h"
#endif
#include "scene_gen.h"
#include "../check.h"
#include "lcp_holds.h"


enum { MMAX = 200, PER_FORM = 1000, LMMAX = 640, LARGE_PER = 60 };

/* Solves; returns 1 when solved and independently verified. */
static int solve_ok(ncs_lcp_workspace *ws, const ncs_layout *L, int m, const double *B,
                    const double *b, double *z, const ncs_lcp_options *opt, int *piv) {
    ncs_lcp_info info;
    int st = ncs_lcp_solve(ws, L, m, B, m, b, z, NULL, opt, &info);
    *piv += info.pivots;
    if (st != NCS_LCP_SOLVED)
        return 0;
    return lcp_holds(m, B, m, b, z, 1e-8);
}

static void degenerate(ncs_lcp_workspace *ws) {
    /* a cyclic matrix with every b tied: degenerate from the first pivot, the
     * kind of LCP on which Lemke can cycle without a lexicographic rule */
    static const double M1[9] = {1, 2, 0, 0, 1, 2, 2, 0, 1};
    static const double b1[3] = {-1, -1, -1};
    /* zero column (like diff-accurate's dummy p) and a zero row with b = 0 */
    static const double M2[16] = {2, 1, 0, 0,  1, 2, 0, 0,  0, 0, 0, 0,  1, 1, 0, 1};
    static const double b2[4] = {-1, -1, 0, -1};
    /* duplicated rows (summation's shared group rows) */
    static const double M3[9] = {1, 1, 0, 1, 1, 0, 0, 1, 1};
    static const double b3[3] = {-1, -1, -1};
    /* b = 0 rows beside negative ones */
    static const double M4[9] = {1, -1, 0, -1, 1, 0, 0, 0, 1};
    static const double b4[3] = {0, 0, -1};
    struct { const double *M, *b; int m; } cases[4] = {
        {M1, b1, 3}, {M2, b2, 4}, {M3, b3, 3}, {M4, b4, 3}};
    double z[4];
    int c, piv = 0;
    for (c = 0; c < 4; c++) {
        ncs_lcp_options opt = ncs_lcp_default_options();
        opt.warm_start = 0;
        piv = 0;
        CHECK(solve_ok(ws, NULL, cases[c].m, cases[c].M, cases[c].b, z, &opt, &piv));
        CHECK(piv <= 4 * cases[c].m);      /* no cycling: a few pivots */
    }
}

/* Workspace and problem buffers for LCPs up to mmax. */
typedef struct bufs {
    void *mem;
    sg_problem *p;
    double *B, *b, *z;
    ncs_lcp_workspace *ws;
} bufs;

static int bufs_alloc(bufs *u, int mmax) {
    size_t bytes = ncs_lcp_workspace_bytes(mmax);
    u->mem = malloc(bytes);
    u->p = malloc(sizeof *u->p);
    u->B = malloc(sizeof(double) * mmax * mmax);
    u->b = malloc(sizeof(double) * mmax);
    u->z = malloc(sizeof(double) * mmax);
    u->ws = ncs_lcp_workspace_init(u->mem, bytes, mmax);
    return u->mem && u->p && u->B && u->b && u->z && u->ws;
}

static void bufs_free(bufs *u) {
    free(u->mem);
    free(u->p);
    free(u->B);
    free(u->b);
    free(u->z);
}

/* Larger scenes: 3-4 bodies, 3-4 obstacles per body, 0-2 walls per body
 * (m up to about 600), LARGE_PER steps per formulation and friction setting
 * (gravity on every other step). Asserts 100% verified for the full
 * strategy and prints plain Lemke's rate (one block, no structure) beside
 * it, split by friction. */
static void large(void) {
    bufs u;
    sg_problem *p;
    double *B, *b, *z;
    ncs_lcp_workspace *ws;
    int form, fric, t;
    if (!bufs_alloc(&u, LMMAX)) {
        CHECK_FAILURES++;
        bufs_free(&u);
        return;
    }
    p = u.p, B = u.B, b = u.b, z = u.z, ws = u.ws;
    for (form = 0; form <= NCS_FORM_DIFF_ACCURATE; form++)
        for (fric = 0; fric < 2; fric++) {
            int full = 0, plain = 0, n = 0, pivf = 0, pivp = 0, mmax = 0;
            sg_rng r;
            sg_seed(&r, 5000 + 10 * form + fric);
            for (t = 0; t < LARGE_PER; t++) {
                ncs_lcp_options opt = ncs_lcp_default_options();
                int bodies = 3 + t % 2, groups = 3 + (t / 2) % 2, convex = (t / 4) % 3;
                int m;
                if (sg_generate(&r, p, form, bodies, groups, convex, fric, t % 2) != 0)
                    continue;
                m = ncs_layout_size(&p->layout);
                if (m > LMMAX || ncs_lcp_assemble(&p->layout, p->A, p->a0, p->mu, B, m, b))
                    continue;
                n++;
                mmax = m > mmax ? m : mmax;
                opt.warm_start = 0;
                if (solve_ok(ws, &p->layout, m, B, b, z, &opt, &pivf))
                    full++;
                else
                    fprintf(stderr, "large %s fric=%d #%d (m=%d) not solved\n", ncs_form_name(form),
                            fric, t, m);
                opt.structured = 0;
                opt.decompose = 0;
                opt.rescue = 0;
                plain += solve_ok(ws, &p->layout, m, B, b, z, &opt, &pivp);
            }
            printf("large %-14s fric=%d n=%d m<=%d full=%d (%.1f%%, %.1f pivots) "
                   "plain-lemke=%d (%.1f%%, %.1f pivots)\n", ncs_form_name(form), fric, n, mmax, full,
                   100.0 * full / n, (double)pivf / n, plain, 100.0 * plain / n,
                   (double)pivp / n);
            CHECK(n >= LARGE_PER * 9 / 10 && full == n);
        }
    bufs_free(&u);
}

int main(void) {
    bufs u;
    sg_problem *p;
    double *B, *b, *z;
    ncs_lcp_workspace *ws;
    int form, t;
    if (!bufs_alloc(&u, MMAX))
        return 2;
    p = u.p, B = u.B, b = u.b, z = u.z, ws = u.ws;
    degenerate(ws);
    for (form = 0; form <= NCS_FORM_DIFF_ACCURATE; form++) {
        int full = 0, plain = 0, n = 0, pivf = 0, pivp = 0;
        sg_rng r;
        sg_seed(&r, 1000 + form);
        for (t = 0; t < PER_FORM; t++) {
            ncs_lcp_options opt = ncs_lcp_default_options();
            int bodies = 1 + (t % 2), groups = 1 + (t / 2) % 2, convex = (t / 4) % 2;
            int m;
            if (sg_generate(&r, p, form, bodies, groups, convex, (t / 8) % 2, (t / 16) % 2))
                return 2;
            m = ncs_layout_size(&p->layout);
            if (m > MMAX || ncs_lcp_assemble(&p->layout, p->A, p->a0, p->mu, B, m, b))
                return 2;
            n++;
            /* full strategy (warm start across the battery's steps) */
            if (solve_ok(ws, &p->layout, m, B, b, z, &opt, &pivf))
                full++;
            else
            {
                fprintf(stderr, "%s #%d (m=%d) not solved\n", ncs_form_name(form), t, m);
#ifndef NCS_NO_DAT
                if (getenv("NCS_DUMP_DIR")) {   /* keep the failure for ncs-lcp */
                    char path[512];
                    snprintf(path, sizeof path, "%s/%s-%d.dat", getenv("NCS_DUMP_DIR"), ncs_form_name(form), t);
                    ncs_lcp_write_dat(path, m, B, m, b, &p->layout, "battery failure");
                }
#endif
            }
            /* plain Lemke on the whole LCP (ncs-lcp --plain, no block split) */
            opt.structured = 0;
            opt.warm_start = 0;
            opt.decompose = 0;
            opt.rescue = 0;
            plain += solve_ok(ws, &p->layout, m, B, b, z, &opt, &pivp);
        }
        printf("%-14s n=%d full=%d (%.1f%%, %.1f pivots) plain-lemke=%d (%.1f%%, %.1f pivots)\n",
               ncs_form_name(form), n, full, 100.0 * full / n, (double)pivf / n, plain,
               100.0 * plain / n, (double)pivp / n);
        CHECK(full == n);
    }
    bufs_free(&u);
    large();
    return CHECK_DONE();
}
