/* ncs-lcp - solve .dat LCP files with the ncs runtime.
 *
 *   ncs-lcp [--repeat N] [--print-z] [--plain] [--cs] [--factor] [--layout SPEC] [--help]
 *           FILE.dat...
 *
 * --cs solves in contact space (ncs_lcp_solve_cs, no B): A, a0 and mu are
 * read back from the file's B and b (ncs_lcp_extract), and the file must
 * be exactly what ncs_lcp_assemble writes for them, but for shifts of b on
 * the p_y rows (the engine's ghost sides), which are passed as pyb.
 * --factor (implies --cs) gives the solver A only by a factor,
 * A = G diag(d) G^T from a pivoted LDL^T of A (the engine's factor is
 * the contacts' Jacobian rows, ncs_lcp_factor): the strategy of A by its
 * factor (Lemke on the augmented LCP's factorised basis).
 * (--repeat=N and --layout=SPEC work too.)
 * A file is Siconos' LCP text, with B in dense or sparse-block storage
 * (ncs_lcp_read_dat). One line per file: file m status pivots residual
 * median-us-per-solve.
 * Exit status: 0 all solved, 1 some file not solved, 2 usage or I/O error
 * (a file that is not a .dat: ncs_lcp_read_dat's message, which names it).
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "ncs/assemble.h"
#include "ncs/lcp.h"
#include "ncs/lcp_dat.h"

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec * 1e-3;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The value of option `name` at argv[*i], given as "--name VALUE" or
 * "--name=VALUE"; NULL when argv[*i] is not that option with a value. */
static const char *option(int argc, char **argv, int *i, const char *name) {
    size_t n = strlen(name);
    const char *a = argv[*i];
    if (strncmp(a, name, n) != 0)
        return NULL;
    if (a[n] == '=')
        return a + n + 1;
    return a[n] == '\0' && *i + 1 < argc ? argv[++*i] : NULL;
}

static void usage(void) {
    fprintf(stderr, "usage: ncs-lcp [--repeat N] [--print-z] [--plain] [--cs] [--factor] "
                    "[--layout 'form=max groups=2 ...'] [--help] FILE.dat...\n"
                    "Try 'ncs-lcp --help' for more information.\n");
}

static void help(void) {
    fputs("usage: ncs-lcp [--repeat N] [--print-z] [--plain] [--cs] [--factor] "
          "[--layout 'form=max groups=2 ...'] [--help] FILE.dat...\n"
          "Solves the LCPs of .dat files (a simulator's --dump-lcp DIR, or the\n"
          "LCP of a failed step it names) with the ncs runtime's solver, and prints\n"
          "one line per file: file m status pivots residual median-us-per-solve.\n"
          "Every option with a value also takes it as --OPTION=VALUE.\n"
          "  --repeat N      solve each file N times (the time is the median),\n"
          "                  N from 1 to 1000000\n"
          "  --print-z       also print the solution z\n"
          "  --plain         Lemke on the whole LCP only: no use of the layout's\n"
          "                  structure, no decomposition, no fallbacks\n"
          "  --cs            solve in contact space (ncs_lcp_solve_cs) from the A,\n"
          "                  a0 and mu read back from the file's B and b\n"
          "  --factor        as --cs, but A only by a factor A = G diag(d) G^T (a\n"
          "                  pivoted LDL^T of A): Lemke on the augmented LCP's\n"
          "                  factorised basis (docs/solver.md, \"A by its factor\")\n"
          "  --layout SPEC   the layout for files that have none, e.g.\n"
          "                  'form=max groups=2 convex=0 fric=0 gamma=100'\n"
          "  --help          show this help\n"
          "A file is read up to 256 MiB. It is Siconos' LCP text: dense, header\n"
          "'m 0 m m m m' (1 <= m <= 20000), or sparse-block, header 'm 1 m m'\n"
          "(1 <= m <= 5792) and the blocks (docs/solver.md).\n"
          "Exit status: 0 all solved, 1 some file not solved, 2 usage or I/O error.\n",
          stdout);
}

/* The contact-space data of d under layout L (--cs): A (nu x nu), a0, mu
 * and the p_y shifts of b, allocated in *cs (A, then a0, mu and pyb).
 * Returns 0, or -1 after a message when B and b are not what
 * ncs_lcp_assemble writes for them. */
typedef struct cs_data {
    double *A, *a0, *mu, *pyb;
    int nu, nc;
    int *gp, *gi;               /* --factor: G by rows */
    double *gx, *d;
    ncs_lcp_factor fac;
} cs_data;

/* --factor: A = G diag(d) G^T by a pivoted LDL^T of A (symmetric, positive
 * semidefinite): each step takes the largest diagonal entry left, and the
 * steps end when it is below 1e-14 of the largest at the start (rounding
 * of A's rank). Returns 0, or -1 out of memory. */
static int factor_of(cs_data *cs) {
    size_t nu = (size_t)cs->nu, i, j;
    double *W = malloc(nu * nu * sizeof *W), *L = malloc(nu * nu * sizeof *L), d0 = 0;
    char *done = calloc(nu, 1);
    int r = 0, nz = 0, k;
    cs->gp = malloc((nu + 1) * sizeof *cs->gp);
    cs->gi = malloc(nu * nu * sizeof *cs->gi);
    cs->gx = malloc(nu * nu * sizeof *cs->gx);
    cs->d = malloc(nu * sizeof *cs->d);
    if (!W || !L || !done || !cs->gp || !cs->gi || !cs->gx || !cs->d) {
        free(W), free(L), free(done);
        return -1;
    }
    memcpy(W, cs->A, nu * nu * sizeof *W);
    for (i = 0; i < nu; i++)
        d0 = W[i * nu + i] > d0 ? W[i * nu + i] : d0;
    for (r = 0; r < (int)nu; r++) {
        size_t p = nu;
        for (i = 0; i < nu; i++)
            if (!done[i] && (p == nu || W[i * nu + i] > W[p * nu + p]))
                p = i;
        if (p == nu || !(W[p * nu + p] > 1e-14 * d0))
            break;
        done[p] = 1;
        cs->d[r] = W[p * nu + p];
        for (i = 0; i < nu; i++)
            L[i * nu + (size_t)r] = done[i] && i != p ? 0 : W[i * nu + p] / cs->d[r];
        for (i = 0; i < nu; i++)
            for (j = 0; j < nu; j++)
                W[i * nu + j] -= cs->d[r] * L[i * nu + (size_t)r] * L[j * nu + (size_t)r];
    }
    for (i = 0; i < nu; i++) {
        cs->gp[i] = nz;
        for (k = 0; k < r; k++)
            if (L[i * nu + (size_t)k] != 0) {
                cs->gi[nz] = k;
                cs->gx[nz++] = L[i * nu + (size_t)k];
            }
    }
    cs->gp[nu] = nz;
    cs->fac.nd = r;
    cs->fac.gp = cs->gp;
    cs->fac.gi = cs->gi;
    cs->fac.gx = cs->gx;
    cs->fac.minv = cs->d;
    free(W), free(L), free(done);
    return 0;
}

static int contact_space(const char *path, const ncs_lcp_dat *d, const ncs_layout *L,
                         cs_data *cs) {
    ncs_layout_offsets o;
    double *B2 = NULL, *b2 = NULL;
    size_t m = (size_t)d->m, nu, i;
    int rc = -1;
    memset(cs, 0, sizeof *cs);
    if (!L || ncs_layout_offsets_of(L, &o) != 0 || o.m != d->m) {
        fprintf(stderr, "ncs-lcp: %s: --cs needs the file's layout (a contact formulation)\n",
                path);
        return -1;
    }
    cs->nu = ncs_lcp_contact_size(L);
    cs->nc = o.nc;
    nu = (size_t)cs->nu;
    cs->A = malloc((nu * nu + nu + (size_t)o.nc + (size_t)o.y + 1) * sizeof(double));
    B2 = malloc(m * m * sizeof *B2);
    b2 = malloc(m * sizeof *b2);
    if (!cs->A || !B2 || !b2) {
        fprintf(stderr, "ncs-lcp: %s: out of memory\n", path);
        goto done;
    }
    cs->a0 = cs->A + nu * nu;
    cs->mu = cs->a0 + nu;
    cs->pyb = cs->mu + o.nc;
    if (ncs_lcp_extract(L, d->B, d->m, d->b, cs->A, cs->a0, cs->mu) != 0 ||
        ncs_lcp_assemble(L, cs->A, cs->a0, cs->mu, B2, d->m, b2) != 0)
        goto bad;
    for (i = 0; i < (size_t)o.y; i++) {
        cs->pyb[i] = d->b[(size_t)o.py + i] - b2[(size_t)o.py + i];
        b2[(size_t)o.py + i] += cs->pyb[i];
    }
    if (memcmp(B2, d->B, m * m * sizeof *B2) != 0 || memcmp(b2, d->b, m * sizeof *b2) != 0)
        goto bad;
    rc = 0;
    goto done;
bad:
    fprintf(stderr, "ncs-lcp: %s: --cs: B and b are not the layout's contact-space LCP\n", path);
done:
    if (rc != 0) {
        free(cs->A);
        cs->A = NULL;
    }
    free(B2);
    free(b2);
    return rc;
}

/* Solves one file; returns 0 solved, 1 not solved, 2 I/O error. */
static int run_file(const char *path, const ncs_layout *override, int repeat,
                    int print_z, int plain, int in_cs, int factor) {
    ncs_lcp_dat d;
    char err[256];
    ncs_lcp_options opt = ncs_lcp_default_options();
    ncs_lcp_info info;
    void *mem = NULL;
    double *z = NULL, *times = NULL;
    const ncs_layout *L;
    size_t bytes;
    cs_data cs;
    int r, i, rc = 2, wm;

    if (ncs_lcp_read_dat(path, &d, err, sizeof err) != 0) {
        fprintf(stderr, "ncs-lcp: %s\n", err);
        return 2;
    }
    L = override ? override : d.has_layout ? &d.layout : NULL;
    memset(&cs, 0, sizeof cs);
    if (in_cs && contact_space(path, &d, L, &cs) != 0) {
        ncs_lcp_dat_free(&d);
        return 2;
    }
    if (factor && factor_of(&cs) != 0) {
        fprintf(stderr, "ncs-lcp: %s: out of memory\n", path);
        goto done;
    }
    if (factor && cs.fac.nd > 0)
        opt.factor = &cs.fac;
    /* --factor: the augmented LCP (order m + rank of A) and its factor are
     * laid over the tableau's memory; twice the rows give it room */
    wm = factor ? 2 * d.m + 64 : d.m;
    bytes = in_cs ? ncs_lcp_cs_workspace_bytes(wm, cs.nc) : ncs_lcp_workspace_bytes(d.m);
    mem = malloc(bytes);
    z = malloc((size_t)d.m * sizeof *z);
    times = malloc((size_t)repeat * sizeof *times);
    if (!mem || !z || !times) {
        fprintf(stderr, "ncs-lcp: %s: out of memory\n", path);
        goto done;
    }
    opt.structured = !plain;            /* --plain: Lemke on the whole LCP only */
    opt.decompose = !plain;
    opt.rescue = !plain;                /* ... and no fallbacks */
    opt.warm_start = 0;
    for (r = 0; r < repeat; r++) {
        double t0 = now_us();
        if (in_cs)
            ncs_lcp_solve_cs(ncs_lcp_workspace_init_cs(mem, bytes, wm, cs.nc), L,
                             opt.factor ? NULL : cs.A, cs.nu,
                             cs.a0, cs.mu, cs.pyb, z, NULL, &opt, &info);
        else
            ncs_lcp_solve(ncs_lcp_workspace_init(mem, bytes, d.m), L, d.m, d.B, d.m, d.b, z,
                          NULL, &opt, &info);
        times[r] = now_us() - t0;
    }
    qsort(times, (size_t)repeat, sizeof *times, cmp_double);
    printf("%s %d %s %d %.3g %.3f\n", path, d.m, ncs_lcp_status_name(info.status),
           info.pivots, info.residual, times[repeat / 2]);
    if (print_z) {
        printf("z =");
        for (i = 0; i < d.m; i++)
            printf(" %.17g", z[i]);
        printf("\n");
    }
    rc = info.status == NCS_LCP_SOLVED ? 0 : 1;
    if (rc && !L)   /* e.g. the paper's files: no structure known */
        fprintf(stderr, "ncs-lcp: %s: no ncs-layout line, so only plain Lemke was tried; "
                        "if it is a contact formulation's LCP, give its structure with "
                        "--layout 'form=max groups=2,2 convex=0 fric=0 gamma=100' "
                        "(docs/solver.md)\n", path);
done:
    free(mem);
    free(z);
    free(times);
    free(cs.A);
    free(cs.gp), free(cs.gi), free(cs.gx), free(cs.d);
    ncs_lcp_dat_free(&d);
    return rc;
}

int main(int argc, char **argv) {
    int i, repeat = 1, print_z = 0, plain = 0, in_cs = 0, factor = 0, files = 0, worst = 0;
    int *sizes = NULL;
    ncs_layout lay, *override = NULL;
    char err[256];

    for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1] == '-'; i++) {
        const char *v;
        if ((v = option(argc, argv, &i, "--repeat")) != NULL) {
            char *end;
            long n = strtol(v, &end, 10);
            if (*end || end == v || *v < '0' || *v > '9' || n < 1 || n > 1000000) {
                fprintf(stderr, "ncs-lcp: error: --repeat takes a whole number from 1 to "
                                "1000000, not '%s'\n", v);
                usage();
                goto fail;
            }
            repeat = (int)n;
        } else if (!strcmp(argv[i], "--help")) {
            help();
            free(sizes);
            return 0;
        } else if (!strcmp(argv[i], "--print-z")) {
            print_z = 1;
        } else if (!strcmp(argv[i], "--plain")) {
            plain = 1;
        } else if (!strcmp(argv[i], "--cs")) {
            in_cs = 1;
        } else if (!strcmp(argv[i], "--factor")) {
            in_cs = factor = 1;
        } else if ((v = option(argc, argv, &i, "--layout")) != NULL) {
            free(sizes);
            sizes = NULL;
            if (ncs_layout_parse(v, &lay, &sizes, err, sizeof err) != 0) {
                fprintf(stderr, "ncs-lcp: --layout: %s\n", err);
                goto fail;
            }
            override = &lay;
        } else {
            usage();
            goto fail;
        }
    }
    for (; i < argc; i++, files++) {
        int rc = run_file(argv[i], override, repeat, print_z, plain, in_cs, factor);
        if (rc > worst)
            worst = rc;
    }
    if (files == 0) {
        usage();
        goto fail;
    }
    free(sizes);
    return worst;
fail:
    free(sizes);
    return 2;
}
