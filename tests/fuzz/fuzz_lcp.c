/* fuzz_lcp.c - fuzz target for the runtime's ncs_lcp_solve.
 *
 * The input bytes choose a problem and the solver's options:
 *   byte 0   what to build: bits 0-2 the formulation (0-4; 5-7: no layout,
 *            plain Lemke on a raw B), bit 3 friction, bit 4 a second solve
 *            on the same workspace (warm start), bit 5 decompose, bit 6
 *            structured, bit 7 B from contact space (the reference
 *            assembler over A = J J^T, a0, mu) instead of raw entries
 *   then     the sizes (groups, sides, convex contacts, rank of J, m for a
 *            raw B, the extra leading dimension), and the numbers: one byte
 *            each, a small fraction or, for a few codes, 0, +-inf, NaN,
 *            1e300 or 1e-300. When the bytes run out every further one is 0.
 * Each solve must keep the runtime's contract (ncs/lcp.h): a status among
 * the enum's values; on NCS_LCP_SOLVED a z that an independent check
 * (tests/runtime/lcp_holds.h) accepts and a residual within the tolerance;
 * on any other status z and w zeroed; B and b untouched. The workspace,
 * z and w are malloc'ed at their exact sizes, so AddressSanitizer sees
 * any write past them. A broken contract aborts.
 *
 * Built as a libFuzzer target with -DNCS_FUZZ=ON (clang), and replayed over
 * tests/fuzz/corpus-lcp by CTest in every build (fuzz_replay.c).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ncs/assemble.h"
#include "ncs/lcp.h"
#include "../runtime/lcp_holds.h"

enum { MAX_M = 64, MAX_NU = 48 };

/* The input, read one byte at a time (0 once it runs out). */
typedef struct reader {
    const uint8_t *p;
    size_t left;
} reader;

static unsigned next(reader *r) {
    if (r->left == 0)
        return 0;
    r->left--;
    return *r->p++;
}

/* A number: most codes a fraction of magnitude up to 8 (steps of 1/16),
 * a few the values that break naive code. */
static double number(reader *r) {
    unsigned c = next(r);
    switch (c) {
    case 0xf9: return 1e300;
    case 0xfa: return -1e300;
    case 0xfb: return 1e-300;
    case 0xfc: return INFINITY;
    case 0xfd: return -INFINITY;
    case 0xfe: return NAN;
    default: return ((double)c - 124.0) / 16.0;
    }
}

static void fail(const char *what, int m, int status) {
    fprintf(stderr, "fuzz_lcp: %s (m = %d, status %d)\n", what, m, status);
    abort();
}

/* One solve and its contract. */
static void solve_and_check(ncs_lcp_workspace *ws, const ncs_layout *L, int m,
                            const double *B, int ldb, const double *b,
                            const ncs_lcp_options *opt) {
    size_t nB = (size_t)m * (size_t)ldb;
    double *Bcopy = malloc(sizeof(double) * nB), *bcopy = malloc(sizeof(double) * (size_t)m);
    double *z = malloc(sizeof(double) * (size_t)m), *w = malloc(sizeof(double) * (size_t)m);
    ncs_lcp_info info;
    int st, i;
    if (!Bcopy || !bcopy || !z || !w)
        abort();
    memcpy(Bcopy, B, sizeof(double) * nB);
    memcpy(bcopy, b, sizeof(double) * (size_t)m);
    for (i = 0; i < m; i++)
        z[i] = w[i] = 12345.0;          /* the solve must overwrite both */
    st = (int)ncs_lcp_solve(ws, L, m, B, ldb, b, z, w, opt, &info);
    if (st < NCS_LCP_SOLVED || st > NCS_LCP_WORKSPACE || info.status != st)
        fail("status out of range or not the one in info", m, st);
    if (memcmp(Bcopy, B, sizeof(double) * nB) != 0 || memcmp(bcopy, b, sizeof(double) * (size_t)m) != 0)
        fail("B or b modified", m, st);
    if (st == NCS_LCP_SOLVED) {
        for (i = 0; i < m; i++) {
            double wi = b[i], size = fabs(b[i]);
            int j;
            for (j = 0; j < m; j++)
                if (z[j] != 0) {
                    wi += B[(size_t)i * ldb + j] * z[j];
                    size += fabs(B[(size_t)i * ldb + j] * z[j]);
                }
            if (!isfinite(z[i]) || z[i] < 0)
                fail("solved with a negative or non-finite z", m, st);
            if (!(fabs(w[i] - wi) <= 1e-12 * size))
                fail("solved with a w that is not B z + b", m, st);
        }
        if (!lcp_holds(m, B, ldb, b, z, 1e-8))
            fail("solved but the independent check fails", m, st);
        if (!(info.residual <= opt->tol))
            fail("solved with a residual above the tolerance", m, st);
        if (info.strategy == NCS_LCP_PATH_NONE)
            fail("solved without a path", m, st);
    } else {
        for (i = 0; i < m; i++)
            if (z[i] != 0 || w[i] != 0)
                fail("failed but z or w not zeroed", m, st);
    }
    free(Bcopy);
    free(bcopy);
    free(z);
    free(w);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static const double gammas[4] = {1, 10, 100, 1000}, epss[4] = {1e-3, 1e-2, 0.1, 1};
    static const double mus[4] = {0, 0.1, 0.5, 1};
    reader r = {data, size};
    unsigned what = next(&r);
    int form = (int)(what & 7), fric = (what >> 3) & 1, twice = (what >> 4) & 1;
    int sizes[4], m, ldb, i, j;
    ncs_layout L;
    ncs_lcp_options opt = ncs_lcp_default_options();
    double *B = NULL, *b = NULL;
    void *mem = NULL;
    ncs_lcp_workspace *ws;
    size_t bytes;

    opt.decompose = (what >> 5) & 1;
    opt.structured = (what >> 6) & 1;
    opt.warm_start = 1;
    memset(&L, 0, sizeof L);
    if (form <= NCS_FORM_DIFF_ACCURATE) {
        L.form = form;
        L.ngroups = form == NCS_FORM_STEWART ? 0 : (int)(next(&r) % 4);
        for (i = 0; i < L.ngroups; i++)
            sizes[i] = 1 + (int)(next(&r) % 4);
        L.group_size = L.ngroups ? sizes : NULL;
        L.nconvex = (int)(next(&r) % 4);
        L.nfric = fric ? 2 : 0;
        L.gamma = gammas[next(&r) % 4];
        L.eps_h = epss[next(&r) % 4];
        m = ncs_layout_size(&L);
        if (m < 1 || m > MAX_M || ncs_lcp_contact_size(&L) > MAX_NU)
            return 0;
    } else {
        m = 1 + (int)(next(&r) % 24);
    }
    ldb = m + (int)(next(&r) % 3);
    B = malloc(sizeof(double) * (size_t)m * (size_t)ldb);
    b = malloc(sizeof(double) * (size_t)m);
    if (!B || !b)
        abort();
    for (i = 0; i < m * ldb; i++)
        B[i] = -7.0;                    /* the padding beyond column m: never read as data */
    if (form <= NCS_FORM_DIFF_ACCURATE && (what & 0x80)) {
        /* contact space: A = J J^T (positive semidefinite, of rank q like
         * W^T M^-1 W), a0 and mu */
        int nu = ncs_lcp_contact_size(&L), q = 1 + (int)(next(&r) % 3), k;
        double J[MAX_NU * 3], A[MAX_NU * MAX_NU], a0[MAX_NU], mu[MAX_NU];
        for (i = 0; i < nu * q; i++)
            J[i] = number(&r);
        for (i = 0; i < nu; i++)
            for (j = 0; j < nu; j++) {
                double s = 0;
                for (k = 0; k < q; k++)
                    s += J[i * q + k] * J[j * q + k];
                A[i * nu + j] = s;
            }
        for (i = 0; i < nu; i++)
            a0[i] = number(&r);
        for (i = 0; i < nu; i++)
            mu[i] = mus[next(&r) % 4];
        if (ncs_lcp_assemble(&L, A, a0, mu, B, ldb, b) != 0)
            fail("assembler refused a valid layout", m, -1);
    } else {
        for (i = 0; i < m; i++) {
            for (j = 0; j < m; j++)
                B[(size_t)i * ldb + j] = number(&r);
            b[i] = number(&r);
        }
    }
    bytes = ncs_lcp_workspace_bytes(m);
    mem = malloc(bytes);
    ws = ncs_lcp_workspace_init(mem, bytes, m);
    if (!ws)
        fail("workspace refused its own size", m, -1);
    solve_and_check(ws, form <= NCS_FORM_DIFF_ACCURATE ? &L : NULL, m, B, ldb, b, &opt);
    if (twice)          /* the same LCP again: the warm start must keep the contract */
        solve_and_check(ws, form <= NCS_FORM_DIFF_ACCURATE ? &L : NULL, m, B, ldb, b, &opt);
    free(mem);
    free(B);
    free(b);
    return 0;
}
