/* lcpcheck.c - checks LCPs dumped by a generated simulator (--dump-lcp).
 *
 *   lcpcheck [--tol T] [--expect REF.dat] [--z] FILE.dat...
 *
 * For every FILE (which must carry an ncs-layout line):
 *  - the contact-space data (A, a0, mu) is read back from B and b with
 *    ncs_lcp_extract and the LCP rebuilt with the runtime's reference
 *    assembler ncs_lcp_assemble: every entry of B and b must agree within
 *    T (relative to max(1, |entry|)), so the generated assembly (static
 *    tables or runtime loops) writes exactly the rows of ncs/layout.h;
 *  - with --expect, B and b must equal REF's within T (e.g. the paper's);
 *  - with --z, the "ncs-z:" line must say status=0 and z must solve the
 *    LCP: z >= -T, w = B z + b >= -T, |z_i w_i| <= T scale.
 * Exit 0 when every check passes, 1 otherwise (messages on stderr), 2 on
 * usage errors.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ncs/assemble.h"
#include "ncs/lcp_dat.h"

static double scale(double a) { return fabs(a) > 1 ? fabs(a) : 1; }

/* Compares two arrays; reports the first mismatch. Returns 0 when equal. */
static int same(const char *file, const char *what, const double *x, const double *y,
                int n, int m, double tol) {
    int i;
    for (i = 0; i < n; i++)
        if (!(fabs(x[i] - y[i]) <= tol * scale(y[i]))) {
            if (m > 0)
                fprintf(stderr, "%s: %s[%d][%d] = %.17g, expected %.17g\n", file, what,
                        i / m, i % m, x[i], y[i]);
            else
                fprintf(stderr, "%s: %s[%d] = %.17g, expected %.17g\n", file, what, i,
                        x[i], y[i]);
            return -1;
        }
    return 0;
}

/* Rebuilds the LCP from its contact data. Returns 0 when it matches. */
static int check_reassembly(const char *file, const ncs_lcp_dat *d, double tol) {
    int nu = ncs_lcp_contact_size(&d->layout), m = d->m, rc = -1;
    int nc = d->layout.nconvex;
    double *A, *a0, *mu, *B, *b;
    int i;
    for (i = 0; i < d->layout.ngroups; i++)
        nc += d->layout.group_size[i];
    if (nu < 0 || ncs_layout_size(&d->layout) != m) {
        fprintf(stderr, "%s: layout does not match m = %d\n", file, m);
        return -1;
    }
    A = calloc((size_t)nu * (size_t)nu + 1, sizeof *A);
    a0 = calloc((size_t)nu + 1, sizeof *a0);
    mu = calloc((size_t)nc + 1, sizeof *mu);
    B = calloc((size_t)m * (size_t)m, sizeof *B);
    b = calloc((size_t)m, sizeof *b);
    if (!A || !a0 || !mu || !B || !b) {
        fprintf(stderr, "%s: out of memory\n", file);
        goto done;
    }
    if (ncs_lcp_extract(&d->layout, d->B, m, d->b, A, a0, mu) != 0 ||
        ncs_lcp_assemble(&d->layout, A, a0, mu, B, m, b) != 0) {
        fprintf(stderr, "%s: extract/assemble rejected the layout\n", file);
        goto done;
    }
    if (same(file, "B (vs reference assembly)", d->B, B, m * m, m, tol) == 0 &&
        same(file, "b (vs reference assembly)", d->b, b, m, 0, tol) == 0)
        rc = 0;
done:
    free(A);
    free(a0);
    free(mu);
    free(B);
    free(b);
    return rc;
}

/* Reads the "ncs-z:" line of `file` into z (m entries). Returns the status
 * written there, or -1 when the line is missing or short. */
static int read_z(const char *file, int m, double *z) {
    FILE *f = fopen(file, "r");
    char key[16];
    int st = -1, i;
    if (!f)
        return -1;
    while (fscanf(f, "%15s", key) == 1) {
        if (strcmp(key, "ncs-z:") == 0) {
            if (fscanf(f, " status=%d", &st) != 1)
                st = -1;
            for (i = 0; i < m && st >= 0; i++)
                if (fscanf(f, "%lf", &z[i]) != 1)
                    st = -1;
            break;
        }
    }
    fclose(f);
    return st;
}

static int check_z(const char *file, const ncs_lcp_dat *d, double tol) {
    int m = d->m, i, j, st, rc = -1;
    double *z = calloc((size_t)m, sizeof *z);
    if (!z)
        return -1;
    st = read_z(file, m, z);
    if (st != 0) {
        fprintf(stderr, "%s: no solved z (status %d)\n", file, st);
        goto done;
    }
    for (i = 0; i < m; i++) {
        double w = d->b[i], sc = scale(d->b[i]);
        for (j = 0; j < m; j++) {
            w += d->B[i * m + j] * z[j];
            if (fabs(d->B[i * m + j] * z[j]) > sc)
                sc = fabs(d->B[i * m + j] * z[j]);
        }
        if (z[i] < -tol || w < -tol * sc || fabs(z[i] * w) > tol * sc * scale(z[i])) {
            fprintf(stderr, "%s: row %d: z = %.17g, w = %.17g violates 0 <= w perp z >= 0\n",
                    file, i, z[i], w);
            goto done;
        }
    }
    rc = 0;
done:
    free(z);
    return rc;
}

int main(int argc, char **argv) {
    const char *ref = NULL;
    double tol = 1e-12;
    int i, want_z = 0, rc = 0, nfiles = 0;
    char err[256];
    for (i = 1; i < argc; i++) {
        ncs_lcp_dat d, r;
        if (!strcmp(argv[i], "--tol") && i + 1 < argc) {
            tol = atof(argv[++i]);
            continue;
        }
        if (!strcmp(argv[i], "--expect") && i + 1 < argc) {
            ref = argv[++i];
            continue;
        }
        if (!strcmp(argv[i], "--z")) {
            want_z = 1;
            continue;
        }
        nfiles++;
        if (ncs_lcp_read_dat(argv[i], &d, err, sizeof err) != 0) {
            fprintf(stderr, "%s: %s\n", argv[i], err);
            rc = 1;
            continue;
        }
        if (!d.has_layout) {
            fprintf(stderr, "%s: no ncs-layout line\n", argv[i]);
            rc = 1;
        } else if (check_reassembly(argv[i], &d, tol) != 0) {
            rc = 1;
        }
        if (want_z && check_z(argv[i], &d, 1e-9) != 0)
            rc = 1;
        if (ref) {
            if (ncs_lcp_read_dat(ref, &r, err, sizeof err) != 0) {
                fprintf(stderr, "%s: %s\n", ref, err);
                rc = 1;
            } else {
                if (r.m != d.m) {
                    fprintf(stderr, "%s: m = %d, %s has %d\n", argv[i], d.m, ref, r.m);
                    rc = 1;
                } else if (same(argv[i], "B", d.B, r.B, d.m * d.m, d.m, tol) != 0 ||
                           same(argv[i], "b", d.b, r.b, d.m, 0, tol) != 0) {
                    rc = 1;
                }
                ncs_lcp_dat_free(&r);
            }
        }
        ncs_lcp_dat_free(&d);
    }
    if (nfiles == 0) {
        fprintf(stderr, "usage: lcpcheck [--tol T] [--expect REF.dat] [--z] FILE.dat...\n");
        return 2;
    }
    return rc;
}
