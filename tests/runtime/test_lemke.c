/* test_lemke.c - the lazy tableau of ncs_lemke_run (m <= 32, with spare
 * memory for the etas) against the eager one (no spare) on the battery's
 * LCPs in every formulation, with and without friction, and on degenerate
 * LCPs: the same status, the same pivot count, the same final basis and
 * bit for bit the same z; with room for only 1 or 2 etas (every column
 * catching up again and again) as well. Links the runtime library, whose
 * core functions (NCS_INTERNAL) are external there. */
#include <stdlib.h>
#include <string.h>
#include "ncs/assemble.h"
#include "lcp_internal.h"
#include "scene_gen.h"
#include "check.h"

enum { MMAX = 40, PER_FORM = 400 };

static int fails;

typedef struct run {
    int status, pivots;
    double z[MMAX];
    unsigned char zb[MMAX];
} run;

/* One Lemke run on (B, b) with spare_reals of spare (0: eager). */
static void lemke(ncs_lemke_work *lw, int m, const double *B, const double *b,
                  double *spare, size_t spare_reals, run *out) {
    out->pivots = 0;
    out->status = ncs_lemke_run(lw, m, B, m, b, 50 * m + 100, out->z, out->zb, &out->pivots,
                                spare, spare_reals);
}

/* Compares the eager run with the lazy ones (ample spare, 1 and 2 etas). */
static void compare(ncs_lemke_work *lw, int m, const double *B, const double *b,
                    double *spare, const char *what, int *lazy_runs) {
    run eager, lazy;
    size_t rooms[3] = {(size_t)MMAX * MMAX * 8, (size_t)(m + 2), 2 * (size_t)(m + 2)};
    int k;
    lemke(lw, m, B, b, NULL, 0, &eager);
    for (k = 0; k < 3; k++) {
        lemke(lw, m, B, b, spare, rooms[k], &lazy);
        if (lazy.status != eager.status || lazy.pivots != eager.pivots ||
            memcmp(lazy.z, eager.z, (size_t)m * sizeof *lazy.z) != 0 ||
            memcmp(lazy.zb, eager.zb, (size_t)m) != 0) {
            fprintf(stderr, "%s (m=%d, room %lu): lazy %d/%d pivots, eager %d/%d\n", what, m,
                    (unsigned long)rooms[k], lazy.status, lazy.pivots, eager.status,
                    eager.pivots);
            fails++;
        }
    }
    *lazy_runs += m <= 32;
}

int main(void) {
    static const double M1[9] = {1, 2, 0, 0, 1, 2, 2, 0, 1}, b1[3] = {-1, -1, -1};
    static const double M2[16] = {2, 1, 0, 0, 1, 2, 0, 0, 0, 0, 0, 0, 1, 1, 0, 1};
    static const double b2[4] = {-1, -1, 0, -1};
    static const double M3[9] = {1, 1, 0, 1, 1, 0, 0, 1, 1}, b3[3] = {-1, -1, -1};
    static const double M4[9] = {1, -1, 0, -1, 1, 0, 0, 0, 1}, b4[3] = {0, 0, -1};
    ncs_lemke_work lw;
    sg_problem *p = malloc(sizeof *p);
    double *d = malloc(ncs_lemke_doubles(MMAX) * sizeof *d);
    int *iv = malloc(ncs_lemke_ints(MMAX) * sizeof *iv);
    double *spare = malloc((size_t)MMAX * MMAX * 8 * sizeof *spare);
    double B[MMAX * MMAX], b[MMAX];
    int form, t, n = 0, lazy_runs = 0;
    if (!p || !d || !iv || !spare)
        return 2;
    ncs_lemke_bind(&lw, MMAX, d, iv);
    compare(&lw, 3, M1, b1, spare, "cyclic, b tied", &lazy_runs);
    compare(&lw, 4, M2, b2, spare, "zero row and column", &lazy_runs);
    compare(&lw, 3, M3, b3, spare, "duplicated rows", &lazy_runs);
    compare(&lw, 3, M4, b4, spare, "b = 0 rows", &lazy_runs);
    for (form = 0; form <= NCS_FORM_DIFF_ACCURATE; form++) {
        sg_rng r;
        sg_seed(&r, 2000 + form);
        for (t = 0; t < PER_FORM; t++) {
            int m, bodies = 1 + (t % 2), groups = 1 + (t / 2) % 2, convex = (t / 4) % 2;
            char what[64];
            if (sg_generate(&r, p, form, bodies, groups, convex, (t / 8) % 2, (t / 16) % 2))
                return 2;
            m = ncs_layout_size(&p->layout);
            if (m > MMAX)
                continue;
            if (ncs_lcp_assemble(&p->layout, p->A, p->a0, p->mu, B, m, b))
                return 2;
            snprintf(what, sizeof what, "form %d #%d", form, t);
            compare(&lw, m, B, b, spare, what, &lazy_runs);
            n++;
        }
    }
    printf("lazy tableau = eager tableau on %d LCPs (%d with m <= 32, lazy), %d differ\n",
           n + 4, lazy_runs, fails);
    CHECK(lazy_runs > 1000);
    free(p), free(d), free(iv), free(spare);
    return fails != 0;
}
