/* fuzz_dat.c - fuzz target for the .dat reader and the layout spec
 * (runtime/src/dat.c, what `ncs-lcp FILE.dat` reads).
 *
 * The input is the file's text. The contract (ncs/lcp_dat.h):
 * ncs_lcp_read_dat returns 0, or -1 with a message and *out zeroed; what it
 * returns has m >= 1, B and b, and a valid layout when it found one. What
 * was read must survive ncs_lcp_write_dat and a second read unchanged
 * (every number, NaN as NaN; the layout's fields), and a solve must answer
 * with a status among the enum's values, NCS_LCP_BAD_INPUT when the
 * layout's size is not m. A broken contract aborts.
 *
 * The reader takes a path, so the input goes through a temporary file.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "ncs/lcp.h"
#include "ncs/lcp_dat.h"

enum { SOLVE_MAX_M = 64 };

static char in_path[64], out_path[64];

static void remove_files(void) {
    unlink(in_path);
    unlink(out_path);
}

static void fail(const char *what) {
    fprintf(stderr, "fuzz_dat: %s\n", what);
    abort();
}

/* Makes the two temporary files once. */
static void make_paths(void) {
    int a, b;
    if (in_path[0])
        return;
    strcpy(in_path, "/tmp/ncs-fuzz-dat-XXXXXX");
    strcpy(out_path, "/tmp/ncs-fuzz-out-XXXXXX");
    a = mkstemp(in_path);
    b = mkstemp(out_path);
    if (a < 0 || b < 0)
        fail("cannot make the temporary files");
    close(a);
    close(b);
    atexit(remove_files);
}

static int same_number(double x, double y) {
    return (isnan(x) && isnan(y)) || memcmp(&x, &y, sizeof x) == 0;
}

static int zeroed(const ncs_lcp_dat *d) {
    static const ncs_lcp_dat zero;
    return d->m == zero.m && !d->B && !d->b && !d->sizes && !d->has_layout;
}

/* The write-and-read-back check of d. */
static void round_trip(const ncs_lcp_dat *d) {
    ncs_lcp_dat e;
    char err[256];
    int i;
    if (ncs_lcp_write_dat(out_path, d->m, d->B, d->m, d->b, d->has_layout ? &d->layout : NULL,
                          "fuzz") != 0)
        fail("cannot write back what was read");
    if (ncs_lcp_read_dat(out_path, &e, err, sizeof err) != 0)
        fail(err);
    if (e.m != d->m || e.has_layout != d->has_layout)
        fail("m or the layout's presence changed on the way back");
    for (i = 0; i < d->m * d->m; i++)
        if (!same_number(e.B[i], d->B[i]))
            fail("an entry of B changed on the way back");
    for (i = 0; i < d->m; i++)
        if (!same_number(e.b[i], d->b[i]))
            fail("an entry of b changed on the way back");
    if (d->has_layout) {
        const ncs_layout *L = &d->layout, *K = &e.layout;
        if (K->form != L->form || K->ngroups != L->ngroups || K->nconvex != L->nconvex ||
            K->nfric != L->nfric ||
            (L->ngroups > 0 && memcmp(K->group_size, L->group_size,
                                      sizeof(int) * (size_t)L->ngroups) != 0) ||
            (L->form == NCS_FORM_MAX && !same_number(K->gamma, L->gamma)) ||
            (L->form == NCS_FORM_SUMMATION && !same_number(K->eps_h, L->eps_h)))
            fail("the layout changed on the way back");
    }
    ncs_lcp_dat_free(&e);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    ncs_lcp_dat d;
    char err[256] = "";
    FILE *f;
    make_paths();
    if (!(f = fopen(in_path, "wb")) || fwrite(data, 1, size, f) != size || fclose(f) != 0)
        fail("cannot write the input file");
    if (ncs_lcp_read_dat(in_path, &d, err, sizeof err) != 0) {
        if (!err[0] || !zeroed(&d))
            fail("refused without a message, or left something behind");
        return 0;
    }
    if (d.m < 1 || !d.B || !d.b)
        fail("read an empty problem");
    if (d.has_layout && (ncs_layout_size(&d.layout) < 0 ||
                         (d.layout.ngroups > 0 && d.layout.group_size != d.sizes)))
        fail("read an invalid layout");
    round_trip(&d);
    if (d.m <= SOLVE_MAX_M) {
        size_t bytes = ncs_lcp_workspace_bytes(d.m);
        void *mem = malloc(bytes);
        double *z = malloc(sizeof(double) * (size_t)d.m);
        int st;
        if (!mem || !z)
            abort();
        st = (int)ncs_lcp_solve(ncs_lcp_workspace_init(mem, bytes, d.m),
                                d.has_layout ? &d.layout : NULL, d.m, d.B, d.m, d.b, z,
                                NULL, NULL, NULL);
        if (st < NCS_LCP_SOLVED || st > NCS_LCP_WORKSPACE)
            fail("status out of range");
        if (d.has_layout && ncs_layout_size(&d.layout) != d.m && st != NCS_LCP_BAD_INPUT)
            fail("a layout of another size was not refused");
        free(mem);
        free(z);
    }
    ncs_lcp_dat_free(&d);
    return 0;
}
