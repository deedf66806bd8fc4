/* stored_cs.h - the stored LCPs of a data directory (tests/runtime/data) as
 * contact-space problems, for the tests of ncs_lcp_solve_cs: each file with
 * a layout, its A, a0 and mu read back from its B and b (ncs_lcp_extract),
 * its ghost sides' shifts of the p_y rows as pyb. Include after check.h
 * (a file that cannot be read, or whose data cannot be read back, counts
 * as a failure of the including test). */
#ifndef NCS_TESTS_STORED_CS_H
#define NCS_TESTS_STORED_CS_H

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include "ncs/assemble.h"
#include "ncs/lcp_dat.h"

/** One stored LCP: the file's B and b, and its contact-space data. */
typedef struct stored_cs {
    const char *name;           /**< the file's name */
    const ncs_layout *L;        /**< its layout */
    int m, nu;                  /**< rows; contact unknowns */
    const double *B, *b;        /**< the file's LCP */
    double *A, *a0, *mu, *pyb;  /**< read back: nu^2, nu, nc, and pyb of the p_y rows */
    double *Ba, *ba;            /**< the LCP assembled from A, a0, mu, pyb added */
} stored_cs;

/* Calls fn(s, ctx) for every .dat file of dir that has a layout and at most
 * mmax rows. Returns how many it called fn for. */
static int stored_cs_each(const char *dir, int mmax, void (*fn)(const stored_cs *, void *),
                          void *ctx) {
    DIR *d = opendir(dir);
    struct dirent *e;
    int files = 0;
    CHECK(d != NULL, "%s", dir);
    while (d && (e = readdir(d)) != NULL) {
        char path[4096], err[256];
        ncs_lcp_dat dat;
        size_t n = strlen(e->d_name);
        if (n < 5 || strcmp(e->d_name + n - 4, ".dat") != 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (ncs_lcp_read_dat(path, &dat, err, sizeof err) != 0) {
            fprintf(stderr, "%s\n", err);
            CHECK_FAILURES++;
            continue;
        }
        if (dat.has_layout && dat.m <= mmax) {
            stored_cs s;
            ncs_layout_offsets o;
            int j, m = dat.m, nu = ncs_lcp_contact_size(&dat.layout);
            double *mem = malloc(sizeof(double) * ((size_t)nu * (size_t)nu + (size_t)nu +
                                                   2 * (size_t)m + (size_t)m * (size_t)(m + 1)));
            if (!mem || ncs_layout_offsets_of(&dat.layout, &o) != 0)
                exit(2);
            s.name = e->d_name;
            s.L = &dat.layout;
            s.m = m;
            s.nu = nu;
            s.B = dat.B;
            s.b = dat.b;
            s.A = mem;
            s.a0 = s.A + (size_t)nu * nu;
            s.mu = s.a0 + nu;
            s.pyb = s.mu + m;
            s.Ba = s.pyb + m;
            s.ba = s.Ba + (size_t)m * m;
            CHECK(ncs_lcp_extract(s.L, dat.B, m, dat.b, s.A, s.a0, s.mu) == 0, "%s", s.name);
            CHECK(ncs_lcp_assemble(s.L, s.A, s.a0, s.mu, s.Ba, m, s.ba) == 0, "%s", s.name);
            for (j = 0; j < o.y; j++) {
                s.pyb[j] = dat.b[o.py + j] - s.ba[o.py + j];
                s.ba[o.py + j] += s.pyb[j];
            }
            fn(&s, ctx);
            free(mem);
            files++;
        }
        ncs_lcp_dat_free(&dat);
    }
    if (d)
        closedir(d);
    return files;
}

#endif
