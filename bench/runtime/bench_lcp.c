/* bench_lcp - the ncs runtime's Lemke against Siconos' SICONOS_LCP_LEMKE.
 *
 *   bench_lcp [OUT_DIR] [PER_SIZE]
 *
 * Generates PER_SIZE (default 20) LCPs per size m = 10, 20, 50, 100, 200,
 * 300 from random point-mass scenes: stewart with friction, max,
 * summation and diff problems (with and without friction). Writes them as .dat files into OUT_DIR (when given) so
 * `ncs-lcp --repeat N OUT_DIR/<name>.dat` reproduces every number, solves
 * each with the runtime and (when built with Siconos) with Siconos' Lemke,
 * and prints medians per size and family, the speed ratio, and the cost per
 * pivot against the dense floor of 2 m^2 flops; also the contact-space
 * entry point (ncs_lcp_solve_cs on the generator's A, a0, mu: no B) and
 * the assembly of B that it saves a caller. Reports numbers only; it
 * asserts nothing about time.
 *
 *   bench_lcp --loop ncs|cs|siconos REPS FILE.dat...
 *
 * solves each file REPS times with one solver, cold, exactly as the timing
 * does (cs: in contact space, A, a0 and mu read back from the file), and
 * prints nothing else but a line per file (status or info):
 * for instruction counts, e.g. under
 * `valgrind --tool=callgrind --toggle-collect=lcp_lexicolemke`.
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "ncs/assemble.h"
#include "ncs/lcp.h"
#include "ncs/lcp_dat.h"
#include "ncs/vocab.h"
#include "scene_gen.h"
#include "lcp_holds.h"
#ifdef NCS_HAVE_SICONOS
#include "LCP_Solvers.h"
#include "LinearComplementarityProblem.h"
#include "NumericsMatrix.h"
#include "SolverOptions.h"
#include "lcp_cst.h"
#endif

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec * 1e-3;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n) {
    if (n == 0)
        return NAN;
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* Microseconds per solve: the best of 5 batches, each repeating the solve
 * for at least 0.4 ms, after one warm-up call (caches, page faults). */
#define TIME_IT(expr, out) do { \
        int batch_, reps_; \
        double t0_, t_; \
        expr; \
        (out) = HUGE_VAL; \
        for (batch_ = 0; batch_ < 5; batch_++) { \
            reps_ = 0; \
            t0_ = now_us(); \
            do { expr; reps_++; t_ = now_us() - t0_; } while (t_ < 400 && reps_ < 1000); \
            if (t_ / reps_ < (out)) \
                (out) = t_ / reps_; \
        } \
    } while (0)

#ifdef NCS_HAVE_SICONOS
/* Siconos' lexicographic Lemke on the same LCP (B column-major for it).
 * The problem wrapper and the solver options are made once per problem,
 * outside the timing, as the runtime's workspace is: only the solve
 * (lcp_lexicolemke, with the allocations it makes itself) is timed. */
static int siconos_solve(LinearComplementarityProblem *lcp, SolverOptions *opt,
                         double *z, double *w) {
    int info = 1;
    lcp_lexicolemke(lcp, z, w, &info, opt);
    return info;
}
#endif

/* The --loop mode; returns the exit status. */
static int loop(const char *who, long reps, int nfiles, char **files) {
    int f, rc = 0;
    for (f = 0; f < nfiles; f++) {
        ncs_lcp_dat d;
        char err[256];
        size_t bytes;
        void *mem;
        double *z, *w;
        long k;
        if (ncs_lcp_read_dat(files[f], &d, err, sizeof err) != 0) {
            fprintf(stderr, "bench_lcp: %s\n", err);
            return 2;
        }
        bytes = ncs_lcp_workspace_bytes(d.m);
        mem = malloc(bytes);
        z = malloc(sizeof(double) * (size_t)d.m);
        w = malloc(sizeof(double) * (size_t)d.m);
        if (!mem || !z || !w)
            return 2;
        if (strcmp(who, "ncs") == 0 || strcmp(who, "cs") == 0) {
            ncs_lcp_options opt = ncs_lcp_default_options();
            ncs_lcp_info info;
            int cs = strcmp(who, "cs") == 0, nu = d.has_layout ? ncs_lcp_contact_size(&d.layout) : 0;
            double *A = cs ? malloc(sizeof(double) * (size_t)(nu * nu + nu + d.m)) : NULL;
            info.status = NCS_LCP_BAD_INPUT;
            opt.warm_start = 0;
            if (cs && (!A || !d.has_layout ||
                       ncs_lcp_extract(&d.layout, d.B, d.m, d.b, A, A + nu * nu,
                                       A + nu * nu + nu) != 0)) {
                fprintf(stderr, "bench_lcp: %s: no contact-space data\n", files[f]);
                return 2;
            }
            for (k = 0; k < reps; k++) {
                if (cs)
                    ncs_lcp_solve_cs(ncs_lcp_workspace_init_cs(mem, bytes, d.m, d.m), &d.layout,
                                     A, nu, A + nu * nu, A + nu * nu + nu, NULL, z, NULL, &opt,
                                     &info);
                else
                    ncs_lcp_solve(ncs_lcp_workspace_init(mem, bytes, d.m),
                                  d.has_layout ? &d.layout : NULL, d.m, d.B, d.m, d.b, z, NULL,
                                  &opt, &info);
            }
            printf("%s %s %s pivots %d\n", files[f], who, ncs_lcp_status_name(info.status),
                   info.pivots);
            free(A);
        } else {
#ifdef NCS_HAVE_SICONOS
            LinearComplementarityProblem lcp;
            SolverOptions *sopt = solver_options_create(SICONOS_LCP_LEMKE);
            double *Bcm = malloc(sizeof(double) * (size_t)d.m * (size_t)d.m);
            int i, j, info = -1;
            if (!Bcm)
                return 2;
            for (i = 0; i < d.m; i++)
                for (j = 0; j < d.m; j++)
                    Bcm[(size_t)j * d.m + i] = d.B[(size_t)i * d.m + j];
            lcp.size = d.m;
            lcp.M = NM_create_from_data(NM_DENSE, d.m, d.m, Bcm);
            lcp.q = d.b;
            for (k = 0; k < reps; k++)
                info = siconos_solve(&lcp, sopt, z, w);
            printf("%s siconos info %d pivots %d\n", files[f], info,
                   sopt->iparam[SICONOS_IPARAM_ITER_DONE]);
            solver_options_delete(sopt);
            NM_free_not_dense(lcp.M);
            free(Bcm);
#else
            fprintf(stderr, "bench_lcp: built without Siconos\n");
            return 2;
#endif
        }
        free(mem);
        free(z);
        free(w);
        ncs_lcp_dat_free(&d);
    }
    return rc;
}

int main(int argc, char **argv) {
    static const int sizes[6] = {10, 20, 50, 100, 200, 300};
    static const int fform[4] = {NCS_FORM_STEWART, NCS_FORM_MAX, NCS_FORM_SUMMATION,
                                 NCS_FORM_DIFF};
    const char *out = argc > 1 ? argv[1] : NULL;
    int per = argc > 2 ? atoi(argv[2]) : 20, s, f;
    int mmax = 360;
    size_t bytes = ncs_lcp_workspace_bytes(mmax);
    void *mem = malloc(bytes);
    sg_problem *p = malloc(sizeof *p);
    double *B = malloc(sizeof(double) * mmax * mmax), *Bcm = malloc(sizeof(double) * mmax * mmax);
    double *b = malloc(sizeof(double) * mmax), *z = malloc(sizeof(double) * mmax);
    double *w = malloc(sizeof(double) * mmax);
    double *tn = malloc(sizeof(double) * per), *ts = malloc(sizeof(double) * per);
    double *tp = malloc(sizeof(double) * per), *ratio = malloc(sizeof(double) * per);
    sg_rng r;
    if (argc >= 4 && strcmp(argv[1], "--loop") == 0)
        return loop(argv[2], atol(argv[3]), argc - 4, argv + 4);
    if (!mem || !p || !B || !Bcm || !b || !z || !w || !tn || !ts || !tp || !ratio || per < 1)
        return 2;
    sg_seed(&r, 42);
#ifdef NCS_HAVE_SICONOS
    printf("Siconos numerics: SICONOS_LCP_LEMKE (lcp_lexicolemke) in the same run\n");
#else
    printf("Siconos numerics not found at configure time: runtime only\n");
#endif
    printf("%-12s %4s %3s %6s %6s %9s %9s %9s %7s %7s %6s %7s %5s %7s %8s %8s\n", "family",
           "m", "n", "solved", "sic-ok", "ncs-us", "ncs1b-us", "sic-us", "speedup", "spd-1b",
           "pivots", "fl/2m^2", "fl1b", "ns/2m^2", "cs-us", "asm-us");
    for (f = 0; f < 4; f++)
        for (s = 0; s < 6; s++) {
            int target = sizes[s], n = 0, nok = 0, sok = 0, both = 0, tries = 0;
            double pivs[1024];
            double t1[1024], r1[1024], fl[1024];
            double fl1[1024], tcs[1024], tasm[1024];
            int n1 = 0;
            while (n < per && tries++ < 200000) {
                ncs_lcp_info info;
                ncs_lcp_workspace *ws;
                ncs_lcp_options opt = ncs_lcp_default_options();
                int m, bodies, groups, convex, i, j;
                double tnc, t1b, tsic = NAN, tc;
                /* scene size roughly matched to the target, then bucketed */
                if (f == 0) {
                    bodies = 1 + target / 40;
                    groups = 1 + (int)sg_uniform(&r, 0, 2);
                    convex = (int)sg_uniform(&r, 0, 3);
                } else {
                    bodies = 1 + target / 60;
                    groups = 1 + (int)sg_uniform(&r, 0, 2);
                    convex = (int)sg_uniform(&r, 0, 2);
                }
                if (sg_generate(&r, p, fform[f], bodies,
                                groups, convex, f == 0 || sg_uniform(&r, 0, 1) < 0.5, 1))
                    continue;
                m = ncs_layout_size(&p->layout);
                if (m < target * 0.8 || m > target * 1.2 || m > mmax)
                    continue;
                ncs_lcp_assemble(&p->layout, p->A, p->a0, p->mu, B, m, b);
                for (i = 0; i < m; i++)
                    for (j = 0; j < m; j++)
                        Bcm[(size_t)j * m + i] = B[(size_t)i * m + j];
                if (out) {
                    char path[1024];
                    snprintf(path, sizeof path, "%s/%s-m%d-%02d.dat", out,
                             ncs_form_name(fform[f]), target, n);
                    ncs_lcp_write_dat(path, m, B, m, b, &p->layout, "bench_lcp");
                }
                opt.warm_start = 0;
                TIME_IT((ws = ncs_lcp_workspace_init(mem, bytes, m),
                         ncs_lcp_solve(ws, &p->layout, m, B, m, b, z, NULL, &opt, &info)), tnc);
                nok += info.status == NCS_LCP_SOLVED;
                fl[n] = info.pivots > 0 ? info.flops / info.pivots / (2.0 * m * m) : NAN;
                opt.decompose = 0;             /* the same, without splitting blocks */
                TIME_IT((ws = ncs_lcp_workspace_init(mem, bytes, m),
                         ncs_lcp_solve(ws, &p->layout, m, B, m, b, z, NULL, &opt, &info)), t1b);
                t1[n] = t1b;
                fl1[n] = info.pivots > 0 ? info.flops / info.pivots / (2.0 * m * m) : NAN;
                opt.decompose = 1;             /* in contact space: no B */
                TIME_IT((ws = ncs_lcp_workspace_init_cs(mem, ncs_lcp_cs_workspace_bytes(m, p->nc), m, p->nc),
                         ncs_lcp_solve_cs(ws, &p->layout, p->A, p->nu, p->a0, p->mu, NULL, z,
                                          NULL, &opt, &info)), tc);
                tcs[n] = tc;
                TIME_IT(ncs_lcp_assemble(&p->layout, p->A, p->a0, p->mu, B, m, b), tasm[n]);
#ifdef NCS_HAVE_SICONOS
                {
                    LinearComplementarityProblem lcp;
                    SolverOptions *sopt = solver_options_create(SICONOS_LCP_LEMKE);
                    int sinfo;
                    lcp.size = m;
                    lcp.M = NM_create_from_data(NM_DENSE, m, m, Bcm);
                    lcp.q = b;
                    sinfo = siconos_solve(&lcp, sopt, z, w);
                    if (sinfo == 0 && lcp_holds(m, B, m, b, z, 1e-8)) {
                        sok++;
                        TIME_IT(siconos_solve(&lcp, sopt, z, w), tsic);
                    }
                    solver_options_delete(sopt);
                    NM_free_not_dense(lcp.M);    /* the dense data is ours */
                }
#endif
                tn[n] = tnc;
                pivs[n] = info.pivots;
                tp[n] = info.pivots > 0 ? tnc * 1e3 / info.pivots / (2.0 * m * m) : NAN;
                if (!isnan(tsic) && info.status == NCS_LCP_SOLVED) {
                    ts[both] = tsic;
                    r1[n1++] = tsic / t1b;
                    ratio[both++] = tsic / tnc;
                }
                n++;
            }
            {
                double mt = median(tn, n), mp = median(pivs, n), mr = median(ratio, both);
                double ms = median(ts, both), m1 = median(t1, n), mr1 = median(r1, n1);
                int k = 0, k2, k3, i;
                double mfl;
                for (i = 0; i < n; i++)
                    if (!isnan(tp[i]))
                        tp[k++] = tp[i];
                for (i = 0, k2 = 0; i < n; i++)
                    if (!isnan(fl[i]))
                        fl[k2++] = fl[i];
                mfl = median(fl, k2);
                for (i = 0, k3 = 0; i < n; i++)
                    if (!isnan(fl1[i]))
                        fl1[k3++] = fl1[i];
                char fam[32]; /* the family: stewart's rows carry friction */
                snprintf(fam, sizeof fam, "%s%s", ncs_form_name(fform[f]),
                         fform[f] == NCS_FORM_STEWART ? "+fric" : "");
                printf("%-12s %4d %3d %6d %6d %9.1f %9.1f %9.1f %7.1f %7.1f %6.0f %7.2f %5.2f %7.3f "
                       "%8.1f %8.2f\n",
                       fam, target, n, nok, sok, mt, m1, ms, mr, mr1, mp, mfl,
                       median(fl1, k3), median(tp, k), median(tcs, n), median(tasm, n));
            }
        }
    printf("ncs-us, ncs1b-us, sic-us: median microseconds per solve (cold: no warm start);\n"
           "  ncs1b = the runtime with decompose = 0 (one block, like Siconos)\n"
           "speedup, spd-1b: median over problems both solve of sic-us / ncs-us, / ncs1b-us\n"
           "sic-ok: Siconos info == 0 and its z verified by the same check as the tests\n"
           "pivots: median ncs pivots; fl/2m^2, fl1b: counted flops per pivot over 2 m^2\n"
           "  (with and without decomposition)\n"
           "ns/2m^2: nanoseconds per pivot over 2 m^2 (time per dense-floor flop)\n"
           "cs-us: median microseconds per solve by ncs_lcp_solve_cs (contact space, no B;\n"
           "  the same z); asm-us: ncs_lcp_assemble of B and b, which it saves\n");
    free(mem); free(p); free(B); free(Bcm); free(b); free(z); free(w);
    free(tn); free(ts); free(tp); free(ratio);
    return 0;
}
