/* test_energy.c - the runtime returns the verified solution of smallest
 * impulse energy u^T A u (docs/solver.md, "Which solution"), checked
 * against the brute-force enumerator (brute.h: every complementary basis
 * of the full LCP, solved exactly and verified) on random contact-space
 * problems of every formulation, with and without friction.
 *
 * Usage: test_energy [N [SEED]]   (default 600 problems, seed 16)
 *
 * A problem: one body, a particle (2 velocities) or a disc (3: friction
 * turns it), of random mass, near random convex polygon pieces (one group
 * of 1-6 sides per piece (1-3 when there are 3-4), 1-4 pieces) and 0-2 walls; random velocity and
 * step; friction (mu in [0.1, 1.2]) or none. A = W^T M^-1 W and a0 from
 * the geometry (layout.h), B and b by ncs_lcp_assemble. Only problems with
 * m <= MMAX_BRUTE are kept (2^m bases each). For each: solved cold by the
 * runtime; when the enumeration finds a verified solution, the runtime must
 * return SOLVED and an energy within a relative 1e-9 (absolute 1e-12) of the
 * smallest (relative to the size of its terms, sum |u_i A_ij u_j|:
 * jammed frictional solutions reach impulses of 1e10; "solutions" a
 * billion times the data's scale, brute.h's huge, are not counted); when
 * it finds none, the runtime's answer (if any) must hold
 * under an independent check. Prints the counts; exit status 1 on any
 * mismatch; with NCS_ENERGY_DUMP=DIR each mismatch is written to DIR as
 * energy-N.dat. bench/runtime/bench_energy runs the same with a larger N. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ncs/assemble.h"
#include "ncs/lcp.h"
#include "ncs/lcp_dat.h"
#include "ncs/vocab.h"
#include "brute.h"
#include "../check.h"
#include "lcp_holds.h"
#include "scene_gen.h"

enum { MMAX_BRUTE = 16, NCMAX = 16, NUMAX = 3 * NCMAX, MMAX = 96 };


typedef struct prob {
    ncs_layout L;
    int sizes[8];
    int nc, nu, m;
    double A[NUMAX * NUMAX], a0[NUMAX], mu[NCMAX];
    double B[MMAX * MMAX], b[MMAX];
} prob;

/* Builds one random problem of formulation form; returns m, or -1 when it
 * does not fit. */
static int generate(sg_rng *r, prob *p, int form, int fric) {
    const double pi = 3.14159265358979323846;
    double nx[NCMAX], ny[NCMAX], f[NCMAX], lever[NCMAX];
    int ng = 1 + (int)sg_uniform(r, 0, 4), nwall = (int)sg_uniform(r, 0, 2.6);
    int disc = sg_uniform(r, 0, 1) < 0.5, k = fric ? 2 : 0, dof = disc ? 3 : 2;
    double mass = sg_uniform(r, 0.3, 3), rad = disc ? sg_uniform(r, 0.05, 0.5) : 0;
    double h = sg_uniform(r, 0.005, 0.05), speed = sg_uniform(r, 0, 4);
    double dir = sg_uniform(r, 0, 2 * pi), v[3], W[3][NUMAX], Minv[3];
    int i, j, q, nc = 0, y;
    v[0] = speed * cos(dir);
    v[1] = speed * sin(dir) - 9.81 * h * (sg_uniform(r, 0, 1) < 0.5);
    v[2] = disc ? sg_uniform(r, -3, 3) : 0;
    memset(&p->L, 0, sizeof p->L);
    for (i = 0; i < ng; i++) {
        /* a convex piece near the body (at the origin): n sides, the body
         * outside it, near one of its vertices or sides */
        int n = 1 + (int)sg_uniform(r, 0, ng > 2 ? 3 : 6), s;
        double cx, cy, R = sg_uniform(r, 0.2, 1.5), rot = sg_uniform(r, 0, 2 * pi), fmax;
        double ang = sg_uniform(r, 0, 2 * pi), dist = sg_uniform(r, -0.02, 0.06);
        if (nc + n > NCMAX)
            n = NCMAX - nc;
        if (n < 1)
            return -1;
        cx = -cos(ang) * (R + dist);
        cy = -sin(ang) * (R + dist);
        for (s = 0; s < n; s++) {
            double a = rot + 2 * pi * s / (n < 3 ? 3 : n) + sg_uniform(r, -0.25, 0.25);
            if (n == 1)
                a = ang;                /* a single side facing the body */
            nx[nc] = cos(a);
            ny[nc] = sin(a);
            /* side line at distance R*cos(pi/n) from the centre */
            f[nc] = nx[nc] * (0 - cx) + ny[nc] * (0 - cy) - R * cos(pi / (n < 3 ? 3 : n));
            lever[nc] = rad;
            nc++;
        }
        for (s = nc - n, fmax = -HUGE_VAL; s < nc; s++)
            fmax = f[s] > fmax ? f[s] : fmax;
        if (fmax < 0)                   /* start outside the piece (or just in) */
            for (s = nc - n; s < nc; s++)
                f[s] += -fmax + sg_uniform(r, -0.002, 0.01);
        p->sizes[i] = n;
    }
    y = nc;
    for (i = 0; i < nwall && nc < NCMAX; i++, nc++) {
        double a = sg_uniform(r, 0, 2 * pi);
        nx[nc] = cos(a);
        ny[nc] = sin(a);
        f[nc] = sg_uniform(r, -0.005, 0.05);
        lever[nc] = rad;
    }
    p->L.form = form;
    p->L.nfric = k;
    p->L.gamma = sg_uniform(r, 20, 200);
    p->L.eps_h = sg_uniform(r, 0.001, 0.05);
    if (form == NCS_FORM_STEWART) {
        p->L.ngroups = 0;
        p->L.nconvex = nc;
    } else {
        p->L.ngroups = ng;
        p->L.group_size = p->sizes;
        p->L.nconvex = nc - y;
    }
    p->nc = nc;
    p->nu = nc * (1 + k);
    p->m = ncs_layout_size(&p->L);
    if (p->m < 1 || p->m > MMAX_BRUTE)
        return -1;
    /* W: normals [n; 0], friction +-[t; -r] (formulations.md) */
    Minv[0] = Minv[1] = 1 / mass;
    Minv[2] = disc ? 2 / (mass * rad * rad) : 0;
    for (j = 0; j < nc; j++) {
        p->mu[j] = fric ? sg_uniform(r, 0.1, 1.2) : 0;
        W[0][j] = nx[j];
        W[1][j] = ny[j];
        W[2][j] = 0;
        for (q = 0; q < k; q++) {
            double sg = q == 0 ? 1 : -1;
            W[0][nc + j * k + q] = -sg * ny[j];
            W[1][nc + j * k + q] = sg * nx[j];
            W[2][nc + j * k + q] = -sg * lever[j];
        }
    }
    for (i = 0; i < p->nu; i++) {
        for (j = 0; j < p->nu; j++) {
            double s = 0;
            for (q = 0; q < dof; q++)
                s += W[q][i] * Minv[q] * W[q][j];
            p->A[i * p->nu + j] = s;
        }
        p->a0[i] = (i < nc ? f[i] / h : 0);
        for (q = 0; q < dof; q++)
            p->a0[i] += W[q][i] * v[q];
    }
    if (ncs_lcp_assemble(&p->L, p->A, p->a0, p->mu, p->B, p->m, p->b) != 0)
        return -1;
    return p->m;
}

int main(int argc, char **argv) {
    static double wsmem[1 << 16];
    static prob p;
    long n = argc > 1 ? atol(argv[1]) : 600, seed = argc > 2 ? atol(argv[2]) : 16, t;
    long count[5][2], solvable[5][2], unsolvable_solved[5][2], huge[5][2], bases = 0;
    sg_rng r;
    int form, fr;
    memset(count, 0, sizeof count);
    memset(solvable, 0, sizeof solvable);
    memset(unsolvable_solved, 0, sizeof unsolvable_solved);
    memset(huge, 0, sizeof huge);
    sg_seed(&r, (uint64_t)seed);
    for (t = 0; t < n; t++) {
        ncs_lcp_workspace *ws;
        ncs_lcp_options opt = ncs_lcp_default_options();
        ncs_lcp_info info;
        double z[MMAX], e = 0;
        brute_result br;
        int st, ub;
        form = (int)(t % 5);
        fr = (int)(t / 5 % 2);
        while (generate(&r, &p, form, fr) < 0)
            ;
        ws = ncs_lcp_workspace_init(wsmem, sizeof wsmem, p.m);
        CHECK(ws != NULL);
        opt.warm_start = 0;
        st = ncs_lcp_solve(ws, &p.L, p.m, p.B, p.m, p.b, z, NULL, &opt, &info);
        ub = ncs_lcp_impulse_offset(&p.L);
        if (st == NCS_LCP_SOLVED)
            e = brute_energy(p.nu, p.A, z + ub);
        br = brute_lcp(p.m, p.B, p.b, 1e-9, p.A, p.nu, ub, NULL);
        bases += br.bases;
        count[form][fr]++;
        if (br.solutions > 0) {
            solvable[form][fr]++;
            if (st != NCS_LCP_SOLVED || fabs(e - br.emin) > 1e-9 * br.escale + 1e-12) {
                CHECK_FAILURES++;
                fprintf(stderr, "problem %ld (%s, friction %d, m = %d): runtime %s energy "
                        "%.17g, smallest verified %.17g (%ld solutions)\n", t, ncs_form_name(form),
                        fr, p.m, ncs_lcp_status_name(st), e, br.emin, br.solutions);
                if (getenv("NCS_ENERGY_DUMP")) {   /* a directory for the mismatches */
                    char path[512];
                    snprintf(path, sizeof path, "%s/energy-%ld.dat", getenv("NCS_ENERGY_DUMP"), t);
                    ncs_lcp_write_dat(path, p.m, p.B, p.m, p.b, &p.L, NULL);
                }
            }
        } else {
            huge[form][fr] += br.huge > 0;
        }
        if (br.solutions == 0 && st == NCS_LCP_SOLVED) {
            unsolvable_solved[form][fr]++;  /* a non-basic solution: check it */
            CHECK(lcp_holds(p.m, p.B, p.m, p.b, z, 1e-8));
        }
    }
    for (form = 0; form < 5; form++)
        for (fr = 0; fr < 2; fr++)
            printf("%-14s friction=%d problems=%ld with-solution=%ld energy-matched=%s "
                   "solved-without-basic-solution=%ld only-huge=%ld\n", ncs_form_name(form), fr,
                   count[form][fr], solvable[form][fr], CHECK_FAILURES ? "see above" : "all",
                   unsolvable_solved[form][fr], huge[form][fr]);
    printf("%ld problems, %ld bases enumerated, %ld mismatches\n", n, bases, CHECK_FAILURES);
    return CHECK_DONE();
}
