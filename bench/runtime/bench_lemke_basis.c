/* bench_lemke_basis.c - Lemke on a factorised basis (runtime/src/
 * lemke_basis.c) against the tableau (lemke.c) on stored LCPs:
 *
 *   bench_lemke_basis FILE.dat...
 *
 * prints, per file, m, the entries of B, each method's status, pivots and
 * time (the smallest of 3 runs) - the tableau, the basis factored every
 * pivot (as the solver's fallback runs it) and with NCS_LEMKEB_ETAS etas
 * between factorisations -, the basis's factor size at the end (entries
 * of L and U; "-" after a failed factorisation) and the memory each
 * method binds (reals and ints, as bytes of double and int). Reports,
 * never asserts. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "lcp_internal.h"
#include "lemke_basis.h"
#include "ncs/lcp_dat.h"

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv) {
    int f;
    printf("%-40s %5s %7s | %-24s | %-24s | %-24s | %7s %9s %9s\n", "file", "m", "nnz(B)",
           "tableau: status pivots ms", "basis, factor each pivot", "basis with etas", "L+U",
           "bytes", "tableau");
    for (f = 1; f < argc; f++) {
        ncs_lcp_dat d;
        char err[256];
        int m, i, j, cap, rep, sb = 0, st = 0, pb = 0, pt = 0;
        long nz = 0;
        int *ap, *ai, *iv, *di;
        double *ax, *rv, *dd, *z, tb = 1e300, tt = 1e300;
        ncs_lemkeb lb;
        ncs_lemke_work lw;
        if (ncs_lcp_read_dat(argv[f], &d, err, sizeof err) != 0) {
            fprintf(stderr, "%s\n", err);
            return 1;
        }
        m = d.m;
        cap = 64 * m + 1024;
        ap = malloc((size_t)(m + 1) * sizeof *ap);
        ai = malloc((size_t)m * (size_t)m * sizeof *ai);
        ax = malloc((size_t)m * (size_t)m * sizeof *ax);
        z = malloc((size_t)m * sizeof *z);
        if (!ap || !ai || !ax || !z)
            return 2;
        for (j = 0; j < m; j++) {
            ap[j] = (int)nz;
            for (i = 0; i < m; i++)
                if (d.B[(size_t)i * m + j] != 0) {
                    ai[nz] = i;
                    ax[nz++] = d.B[(size_t)i * m + j];
                }
        }
        ap[m] = (int)nz;
        iv = malloc(ncs_lemkeb_ints(m, nz, cap) * sizeof *iv);
        rv = malloc(ncs_lemkeb_reals(m, nz, cap) * sizeof *rv);
        dd = malloc(ncs_lemke_doubles(m) * sizeof *dd);
        di = malloc(ncs_lemke_ints(m) * sizeof *di);
        if (!iv || !rv || !dd || !di)
            return 2;
        ncs_lemkeb_bind(&lb, m, nz, cap, iv, rv);
        ncs_lemke_bind(&lw, m, dd, di);
        {
            int sb0 = 0, pb0 = 0, fill;
            double tb0 = 1e300;
            for (rep = 0; rep < 3; rep++) {
                double t0 = now();
                pb0 = 0;
                lb.max_etas = 0;
                sb0 = ncs_lemkeb_run(&lb, m, 0, ap, ai, ax, d.b, 50 * m + 100, z, &pb0);
                t0 = now() - t0;
                tb0 = t0 < tb0 ? t0 : tb0;
                t0 = now();
                pb = 0;
                lb.max_etas = NCS_LEMKEB_ETAS;
                sb = ncs_lemkeb_run(&lb, m, 0, ap, ai, ax, d.b, 50 * m + 100, z, &pb);
                t0 = now() - t0;
                tb = t0 < tb ? t0 : tb;
                t0 = now();
                pt = 0;
                st = ncs_lemke_run(&lw, m, d.B, m, d.b, 50 * m + 100, z, NULL, &pt, NULL, 0);
                t0 = now() - t0;
                tt = t0 < tt ? t0 : tt;
            }
            fill = lb.lu.lp[lb.lu.n] + lb.lu.up[lb.lu.n];
            printf("%-40s %5d %7ld | %9s %5d %8.2f | %9s %5d %8.2f | %9s %5d %8.2f | ", argv[f],
                   m, nz, ncs_lcp_status_name(st), pt, 1e3 * tt, ncs_lcp_status_name(sb0), pb0,
                   1e3 * tb0, ncs_lcp_status_name(sb), pb, 1e3 * tb);
            if (sb == NCS_LCP_NUMERICAL || sb == NCS_LCP_WORKSPACE)
                printf("%7s", "-");
            else
                printf("%7d", fill);
            printf(" %9zu %9zu\n",
                   ncs_lemkeb_reals(m, nz, cap) * sizeof(double) +
                       ncs_lemkeb_ints(m, nz, cap) * sizeof(int),
                   ncs_lemke_doubles(m) * sizeof(double) + ncs_lemke_ints(m) * sizeof(int));
        }
        free(ap), free(ai), free(ax), free(z), free(iv), free(rv), free(dd), free(di);
        ncs_lcp_dat_free(&d);
    }
    return 0;
}
