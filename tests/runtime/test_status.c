/* test_status.c - statuses and edge cases of ncs_lcp_solve, the workspace
 * contract, warm start, and the .dat round trip. Usage: test_status TMPDIR */
#include <stdlib.h>
#include <string.h>
#include "ncs/assemble.h"
#include "ncs/lcp.h"
#include "ncs/lcp_dat.h"
#include "../check.h"
#include "lcp_holds.h"

static double mem[1 << 14];


/* A point mass of mass 1 falls and slides into the corner of the paper's
 * scene (valid region x >= 0 or y >= 0) for 60 steps in each nonconvex form,
 * with friction, one workspace: every step verified, the body never ends
 * inside the obstacle, and the warm start is taken on some steps. */
static void warm_sequence(void) {
    static double wmem[1 << 15];
    int form;
    for (form = NCS_FORM_MAX; form <= NCS_FORM_DIFF_ACCURATE; form++) {
        int two[1] = {2}, step, warm = 0, solved = 0;
        ncs_layout L = {form, 1, two, 0, 2, 100, 0.05};
        /* u = [p1 p2 | p1+ p1- p2+ p2-]; W columns: n1, n2, +t1, -t1, +t2, -t2 */
        const double W[2][6] = {{1, 0, 0, 0, -1, 1}, {0, 1, 1, -1, 0, 0}};
        const double mu[2] = {0.5, 0.5}, h = 0.05;
        double q[2] = {0.3, 0.4}, v[2] = {-2, -1}, A[36], a0[6], B[32 * 32], b[32], z[32];
        int m = ncs_layout_size(&L), i, j, ub = ncs_lcp_impulse_offset(&L);
        ncs_lcp_workspace *ws = ncs_lcp_workspace_init(wmem, sizeof wmem, m);
        for (i = 0; i < 6; i++)
            for (j = 0; j < 6; j++)
                A[i * 6 + j] = W[0][i] * W[0][j] + W[1][i] * W[1][j];
        for (step = 0; step < 60; step++) {
            ncs_lcp_info info;
            double vf[2] = {v[0], v[1] - h * 9.81};
            for (i = 0; i < 6; i++)
                a0[i] = W[0][i] * vf[0] + W[1][i] * vf[1] + (i < 2 ? q[i] / h : 0);
            ncs_lcp_assemble(&L, A, a0, mu, B, m, b);
            if (ncs_lcp_solve(ws, &L, m, B, m, b, z, NULL, NULL, &info) != NCS_LCP_SOLVED)
                break;
            solved++;
            warm += info.strategy == NCS_LCP_PATH_WARM;
            for (i = 0; i < 2; i++) {
                v[i] = vf[i];
                for (j = 0; j < 6; j++)
                    v[i] += W[i][j] * z[ub + j];
                q[i] += h * v[i];
            }
            /* inside the obstacle means both coordinates negative */
            CHECK((q[0] > q[1] ? q[0] : q[1]) >= -(form == NCS_FORM_SUMMATION ? 0.01 : 1e-9));
        }
        printf("warm sequence %d: %d/60 solved, %d by warm start, end (%.3g, %.3g)\n",
               form, solved, warm, q[0], q[1]);
        CHECK(solved == 60);
        CHECK(warm > 0);
    }
}

/* keep_state (issue 28: an observer's extra solve must not change the
 * next step): LCP 1 solved, then LCP 2 of the same size and another
 * support, then LCP 1 again. Without keep_state the second call replaces
 * the warm start, and LCP 1 is solved by Lemke again; with it LCP 1 is
 * solved by the warm start as if LCP 2 had not been solved. */
static void keep_state(void) {
    static double kmem[1 << 12];
    const double B[4] = {1, 0, 0, 1}, b1[2] = {-1, 1}, b2[2] = {1, -1};
    double z[2];
    ncs_lcp_info info;
    int keep;
    for (keep = 0; keep <= 1; keep++) {
        ncs_lcp_options opt = ncs_lcp_default_options();
        ncs_lcp_workspace *ws = ncs_lcp_workspace_init(kmem, sizeof kmem, 2);
        CHECK(ws != NULL);
        if (!ws)
            return;
        CHECK(ncs_lcp_solve(ws, NULL, 2, B, 2, b1, z, NULL, NULL, &info) == NCS_LCP_SOLVED);
        CHECK(info.strategy == NCS_LCP_PATH_LEMKE);
        opt.keep_state = keep;
        CHECK(ncs_lcp_solve(ws, NULL, 2, B, 2, b2, z, NULL, &opt, &info) == NCS_LCP_SOLVED);
        CHECK(info.strategy == NCS_LCP_PATH_LEMKE);         /* b2's support is not b1's */
        CHECK(z[0] == 0 && z[1] == 1);
        CHECK(ncs_lcp_solve(ws, NULL, 2, B, 2, b1, z, NULL, NULL, &info) == NCS_LCP_SOLVED);
        CHECK(z[0] == 1 && z[1] == 0);
        printf("keep_state %d: LCP 1 again by strategy %d\n", keep, info.strategy);
        CHECK(info.strategy == (keep ? NCS_LCP_PATH_WARM : NCS_LCP_PATH_LEMKE));
    }
}

int main(int argc, char **argv) {
    int two[1] = {2};
    ncs_layout Lm = {NCS_FORM_MAX, 1, two, 0, 0, 100, 0};
    const double A[4] = {1, 0, 0, 1}, a0[2] = {-1.5, -0.5};
    double B[100], b[10], B0[100], b0[10], z[10], w[10];
    ncs_lcp_workspace *ws;
    ncs_lcp_info info;
    ncs_lcp_options opt = ncs_lcp_default_options();
    size_t need;
    int i, st;

    /* workspace: sizes, alignment, too small */
    need = ncs_lcp_workspace_bytes(10);
    CHECK(need > 0 && need <= sizeof mem);
    CHECK(ncs_lcp_workspace_bytes(0) == 0);
    for (i = 1; i <= 2000; i += (i < 100 ? 1 : 37))  /* the static bound holds */
        CHECK(NCS_LCP_WORKSPACE_DOUBLES(i) * sizeof(double) >= ncs_lcp_workspace_bytes(i));
    {
        static double fixed[NCS_LCP_WORKSPACE_DOUBLES(10)];
        CHECK(ncs_lcp_workspace_init(fixed, sizeof fixed, 10) != NULL);
    }
    CHECK(ncs_lcp_workspace_init(mem, need - 1, 10) == NULL);
    CHECK(ncs_lcp_workspace_init(NULL, need, 10) == NULL);
    CHECK(ncs_lcp_workspace_init((char *)mem + 1, need, 10) == NULL);
    ws = ncs_lcp_workspace_init(mem, ncs_lcp_workspace_bytes(4), 4);
    CHECK(ws != NULL);
    CHECK(ncs_lcp_assemble(&Lm, A, a0, NULL, B, 10, b) == 0);
    for (i = 0; i < 10; i++)
        z[i] = w[i] = 7;
    st = ncs_lcp_solve(ws, &Lm, 10, B, 10, b, z, w, NULL, &info);
    CHECK(st == NCS_LCP_WORKSPACE && info.status == NCS_LCP_WORKSPACE);
    for (i = 0; i < 10; i++)
        CHECK(z[i] == 0 && w[i] == 0);                 /* zeroed on failure */

    ws = ncs_lcp_workspace_init(mem, sizeof mem, 10);
    CHECK(ws != NULL);
    memcpy(B0, B, sizeof B);
    memcpy(b0, b, sizeof b);
    /* solved; B and b unchanged; w returned */
    st = ncs_lcp_solve(ws, &Lm, 10, B, 10, b, z, w, NULL, &info);
    CHECK(st == NCS_LCP_SOLVED && info.strategy == NCS_LCP_PATH_SELECT);
    CHECK(!memcmp(B, B0, sizeof B) && !memcmp(b, b0, sizeof b));
    CHECK(lcp_holds(10, B, 10, b, z, 1e-12));
    for (i = 0; i < 10; i++)
        CHECK(w[i] >= -1e-12 && fabs(z[i] * w[i]) <= 1e-10);
    /* the same step again: the warm start verifies without pivoting */
    st = ncs_lcp_solve(ws, &Lm, 10, B, 10, b, z, w, NULL, &info);
    CHECK(st == NCS_LCP_SOLVED && info.strategy == NCS_LCP_PATH_WARM && info.pivots == 0);
    /* plain Lemke on max: the ray the paper's Fig. 3 is known for */
    opt.structured = 0;
    opt.warm_start = 0;
    opt.rescue = 0;
    st = ncs_lcp_solve(ws, &Lm, 10, B, 10, b, z, w, &opt, &info);
    CHECK(st == NCS_LCP_RAY && info.pivots >= 1);
    for (i = 0; i < 10; i++)
        CHECK(z[i] == 0);
    /* pivot cap */
    opt = ncs_lcp_default_options();
    opt.max_pivots = 1;
    opt.warm_start = 0;
    opt.structured = 0;
    opt.rescue = 0;
    {
        ncs_layout Ls = {NCS_FORM_SUMMATION, 1, two, 0, 0, 0, 0.01};
        CHECK(ncs_lcp_assemble(&Ls, A, a0, NULL, B0, 4, b0) == 0);
        st = ncs_lcp_solve(ws, &Ls, 4, B0, 4, b0, z, NULL, &opt, &info);
        CHECK(st == NCS_LCP_PIVOT_CAP);
    }
    /* trivial: b >= 0 */
    {
        double Bt[4] = {1, 2, 3, 4}, bt[2] = {0, 1}, zt[2] = {5, 5};
        st = ncs_lcp_solve(ws, NULL, 2, Bt, 2, bt, zt, NULL, NULL, &info);
        CHECK(st == NCS_LCP_SOLVED && info.strategy == NCS_LCP_PATH_TRIVIAL);
        CHECK(zt[0] == 0 && zt[1] == 0 && info.pivots == 0);
    }
    /* bad input: m mismatch, bad layout, NULLs, ldb < m */
    CHECK(ncs_lcp_solve(ws, &Lm, 9, B, 10, b, z, w, NULL, &info) == NCS_LCP_BAD_INPUT);
    {
        ncs_layout bad = Lm;
        bad.gamma = -1;
        CHECK(ncs_lcp_solve(ws, &bad, 10, B, 10, b, z, w, NULL, &info) == NCS_LCP_BAD_INPUT);
        bad = Lm;
        bad.nfric = 1;
        CHECK(ncs_lcp_solve(ws, &bad, 10, B, 10, b, z, w, NULL, &info) == NCS_LCP_BAD_INPUT);
    }
    CHECK(ncs_lcp_solve(NULL, &Lm, 10, B, 10, b, z, w, NULL, &info) == NCS_LCP_BAD_INPUT);
    CHECK(ncs_lcp_solve(ws, &Lm, 10, NULL, 10, b, z, w, NULL, &info) == NCS_LCP_BAD_INPUT);
    CHECK(ncs_lcp_solve(ws, &Lm, 10, B, 9, b, z, w, NULL, &info) == NCS_LCP_BAD_INPUT);
    CHECK(info.status == NCS_LCP_BAD_INPUT && info.strategy == NCS_LCP_PATH_NONE);
    /* NaN in B: numerical, z zeroed, nothing solved */
    memcpy(B0, B, sizeof B);
    B0[13] = NAN;
    for (i = 0; i < 10; i++)
        z[i] = 3;
    CHECK(ncs_lcp_solve(ws, &Lm, 10, B0, 10, b, z, NULL, NULL, &info) == NCS_LCP_NUMERICAL);
    for (i = 0; i < 10; i++)
        CHECK(z[i] == 0);
    warm_sequence();
    keep_state();
    /* names are stable */
    CHECK(!strcmp(ncs_lcp_status_name(NCS_LCP_SOLVED), "solved"));
    CHECK(!strcmp(ncs_lcp_status_name(NCS_LCP_RAY), "ray"));
    CHECK(!strcmp(ncs_lcp_status_name(99), "unknown"));

    /* .dat round trip with the layout line; layout spec errors */
    if (argc == 2) {
        char path[1024], err[256];
        ncs_lcp_dat d;
        ncs_layout L;
        int *sizes;
        snprintf(path, sizeof path, "%s/roundtrip.dat", argv[1]);
        CHECK(ncs_lcp_write_dat(path, 10, B, 10, b, &Lm, "round trip") == 0);
        CHECK(ncs_lcp_read_dat(path, &d, err, sizeof err) == 0);
        CHECK(d.m == 10 && d.has_layout && d.layout.form == NCS_FORM_MAX);
        CHECK(d.layout.ngroups == 1 && d.layout.group_size[0] == 2 && d.layout.gamma == 100);
        CHECK(!memcmp(d.B, B, sizeof B) && !memcmp(d.b, b, sizeof b));
        ncs_lcp_dat_free(&d);
        CHECK(ncs_layout_parse("form=max groups=2,3 convex=1 fric=2 gamma=100", &L, &sizes,
                               err, sizeof err) == 0);
        CHECK(L.ngroups == 2 && L.group_size[1] == 3 && L.nconvex == 1 && L.nfric == 2);
        CHECK(ncs_layout_size(&L) == 4 * 5 + 2 * 2 + 1 + 3 * 6);
        free(sizes);
        CHECK(ncs_layout_parse("form=max groups=2", &L, &sizes, err, sizeof err) == -1);
        CHECK(ncs_layout_parse("form=cubic", &L, &sizes, err, sizeof err) == -1);
        CHECK(ncs_layout_parse("form=stewart groups=- convex=2 colour=3", &L, &sizes,
                               err, sizeof err) == -1);
        CHECK(ncs_layout_parse("form=stewart groups=- convex=2", &L, &sizes, err,
                               sizeof err) == 0 && sizes == NULL && L.nconvex == 2);
        snprintf(path, sizeof path, "%s/no-such-dir/x.dat", argv[1]);
        CHECK(ncs_lcp_read_dat(path, &d, err, sizeof err) == -1 && d.B == NULL);
    }
    return CHECK_DONE();
}
