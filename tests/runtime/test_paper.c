/* test_paper.c - the paper's Fig. 3 LCPs (tests/runtime/data), the same
 * scene in the diff forms, and the reference assembler against the paper.
 * Usage: test_paper DATA_DIR */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ncs/assemble.h"
#include "ncs/lcp.h"
#include "ncs/lcp_dat.h"
#include "../check.h"
#include "lcp_holds.h"

static double wsmem[1 << 16];

/* Solves d with its layout; checks solved + independently verified. */
static void solve_dat(const ncs_lcp_dat *d, double *z, const char *what) {
    ncs_lcp_workspace *ws = ncs_lcp_workspace_init(wsmem, sizeof wsmem, 64);
    ncs_lcp_info info;
    int st = ncs_lcp_solve(ws, &d->layout, d->m, d->B, d->m, d->b, z, NULL, NULL, &info);
    printf("%-14s status=%s pivots=%d attempts=%d path=%d residual=%.3g\n", what,
           ncs_lcp_status_name(st), info.pivots, info.attempts, info.strategy, info.residual);
    CHECK(st == NCS_LCP_SOLVED);
    CHECK(info.residual <= 1e-9);
    CHECK(lcp_holds(d->m, d->B, d->m, d->b, z, 1e-9));
}

static void load(const char *dir, const char *name, ncs_lcp_dat *d) {
    char path[1024], err[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (ncs_lcp_read_dat(path, d, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        exit(1);
    }
}

/* B and b equal to the last bit. */
static int same(const double *x, const double *y, int n) {
    int i;
    for (i = 0; i < n; i++)
        if (x[i] != y[i])
            return 0;
    return 1;
}

int main(int argc, char **argv) {
    static const char *files[4] = {"fig3a-max.dat", "fig3b-max.dat",
                                   "fig3a-sum.dat", "fig3b-sum.dat"};
    static const double za_max[10] = {2.5, 0.5, 99.5, 0, 1, 1.5, 0, 0, 0, 0};
    static const double za_sum[4] = {0, 0.51, 0, 0};
    const double A[4] = {1, 0, 0, 1};
    const double a0s[2][2] = {{-1.5, 0.5}, {-1.5, -0.5}};
    int two[1] = {2}, i, c, f;
    double z[64], B[64 * 64], b[64];
    ncs_lcp_dat d[4];

    if (argc != 2) {
        fprintf(stderr, "usage: test_paper DATA_DIR\n");
        return 2;
    }
    for (f = 0; f < 4; f++) {
        load(argv[1], files[f], &d[f]);
        CHECK(d[f].has_layout);
        solve_dat(&d[f], z, files[f]);
        if (f == 0)
            for (i = 0; i < 10; i++)
                CHECK(fabs(z[i] - za_max[i]) <= 1e-12);
        if (f == 2)
            for (i = 0; i < 4; i++)
                CHECK(fabs(z[i] - za_sum[i]) <= 1e-12);
    }
    /* the assembler reproduces the paper's B and q (max, summation) */
    for (c = 0; c < 2; c++) {
        ncs_layout Lm = {NCS_FORM_MAX, 1, two, 0, 0, 100, 0};
        ncs_layout Ls = {NCS_FORM_SUMMATION, 1, two, 0, 0, 0, 0.01};
        CHECK(ncs_lcp_assemble(&Lm, A, a0s[c], NULL, B, 10, b) == 0);
        CHECK(same(B, d[c].B, 100) && same(b, d[c].b, 10));
        CHECK(ncs_lcp_assemble(&Ls, A, a0s[c], NULL, B, 4, b) == 0);
        CHECK(same(B, d[2 + c].B, 16) && same(b, d[2 + c].b, 4));
    }
    /* the same scene in the diff forms */
    for (c = 0; c < 2; c++) {
        int form;
        for (form = NCS_FORM_DIFF; form <= NCS_FORM_DIFF_ACCURATE; form++) {
            ncs_layout L = {form, 1, two, 0, 0, 0, 0};
            ncs_lcp_dat dd;
            char name[64];
            memset(&dd, 0, sizeof dd);
            dd.m = ncs_layout_size(&L);
            dd.B = B;
            dd.b = b;
            dd.layout = L;
            CHECK(ncs_lcp_assemble(&L, A, a0s[c], NULL, B, dd.m, b) == 0);
            snprintf(name, sizeof name, "fig3%c-%s", "ab"[c],
                     form == NCS_FORM_DIFF ? "diff" : "diffacc");
            solve_dat(&dd, z, name);
            /* (a) has no contact: all impulses zero; (b) ends on a side */
            if (c == 0)
                CHECK(z[dd.m - 1] == 0 && z[dd.m - 2] == 0);
            else
                CHECK(z[dd.m - 1] + z[dd.m - 2] > 0.4);
        }
    }
    for (f = 0; f < 4; f++)
        ncs_lcp_dat_free(&d[f]);
    return CHECK_DONE();
}
