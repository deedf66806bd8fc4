/* test_lemke.c - the lazy tableau of ncs_lemke_run (m <= 32, with spare
 * memory for the etas) against the eager one (no spare) on the battery's
 * LCPs in every formulation, with and without friction, and on degenerate
 * LCPs: the same status, the same pivot count, the same final basis and
 * bit for bit the same z; with room for only 1 or 2 etas (every column
 * catching up again and again) as well. Links the runtime library, whose
 * core functions (NCS_INTERNAL) are external there.
 *
 * Also the lexicographic tie-break on game-shaped degenerate LCPs (issue
 * 26; `games`): every ratio test ties at 0 from the start and the columns
 * of Binv hold exact zeros that come out as rounding noise; the tie-break
 * of before cycled to the pivot cap on 32 of the 600 generated here (as on
 * Siconos' lcp_tobenna). Each must now be solved by both tableaus.
 *
 * And Lemke from a basis (ncs_lemke_run_from, `from_basis`) on all of
 * them: from no z it is the cold run, from the answer's basis it solves
 * (99 % without a pivot of its own), from a basis a few indices away what
 * it calls solved holds (but for a few nearly singular starts). */
#include <stdlib.h>
#include <string.h>
#include "ncs/assemble.h"
#include "lcp_internal.h"
#include "scene_gen.h"
#include "../check.h"
#include "lcp_holds.h"

enum { MMAX = 40, PER_FORM = 400 };


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
            CHECK_FAILURES++;
        }
    }
    *lazy_runs += m <= 32;
}

/* Lemke from a basis (ncs_lemke_run_from) on (B, b), whose cold eager run
 * is `cold`: from no z at all, the cold run itself (the same status,
 * pivots, basis and z bits); from the cold answer's basis, solved, and
 * mostly with no pivot beyond the setup's (what no 1 x 1 or 2 x 2
 * principal pivot takes in is left to Lemke); from that basis with up to three indices flipped, an answer
 * the run calls solved (a start basis whose LCP Lemke cannot process may
 * end on a ray) and that holds (lcp_holds), but for a few nearly singular
 * start bases (the one looked at: values 1e5 times b's, and rounding at
 * that scale; the solver verifies every answer). Counts the flipped
 * starts, those called solved and those of them that do not hold in
 * from[0..2], the answer's bases and those solved by the setup alone in
 * from[3..4]. */
static void from_basis(ncs_lemke_work *lw, int m, const double *B, const double *b,
                       const run *cold, sg_rng *r, const char *what, int from[5]) {
    unsigned char J[MMAX];
    run out;
    int k, i, n = 0;
    memset(J, 0, sizeof J);
    out.pivots = 0;
    out.status = ncs_lemke_run_from(lw, m, NULL, B, m, b, J, 50 * m + 100, out.z, out.zb,
                                    &out.pivots);
    if (out.status != cold->status || out.pivots != cold->pivots ||
        memcmp(out.z, cold->z, (size_t)m * sizeof *out.z) != 0 ||
        memcmp(out.zb, cold->zb, (size_t)m) != 0) {
        fprintf(stderr, "%s (m=%d): from no z: %d/%d pivots, cold %d/%d\n", what, m,
                out.status, out.pivots, cold->status, cold->pivots);
        CHECK_FAILURES++;
    }
    if (cold->status != NCS_LCP_SOLVED)
        return;
    for (i = 0; i < m; i++)
        n += J[i] = cold->zb[i];
    out.pivots = 0;
    out.status = ncs_lemke_run_from(lw, m, NULL, B, m, b, J, 50 * m + 100, out.z, out.zb,
                                    &out.pivots);
    if (out.status != NCS_LCP_SOLVED || !lcp_holds(m, B, m, b, out.z, 1e-9)) {
        fprintf(stderr, "%s (m=%d): from the answer's basis (%d): status %d, %d pivots\n", what,
                m, n, out.status, out.pivots);
        CHECK_FAILURES++;
    }
    from[3]++;
    from[4] += out.pivots == n;         /* the setup's pivots only */
    for (k = 1; k <= 3 && k <= m; k++) {
        for (i = 0; i < m; i++)
            J[i] = cold->zb[i];
        for (i = 0; i < k; i++) {
            int at = (int)sg_uniform(r, 0, m);
            J[at < m ? at : m - 1] ^= 1;
        }
        out.pivots = 0;
        out.status = ncs_lemke_run_from(lw, m, NULL, B, m, b, J, 50 * m + 100, out.z, out.zb,
                                        &out.pivots);
        from[0]++;
        if (out.status != NCS_LCP_SOLVED)
            continue;
        from[1]++;
        from[2] += !lcp_holds(m, B, m, b, out.z, 1e-9);

    }
}

/* A game-shaped LCP with g groups of s variables per side (n = g s):
 * B = [J P -G 0; Q J 0 -G; G' 0 0 0; 0 G' 0 0] (J n x n ones, P and Q
 * whole numbers 1..hi, G n x g the groups' indicators), b = (0 x 2n,
 * -1 x 2g). Returns m = 2 n + 2 g. */
static int game(sg_rng *r, int g, int s, int hi, double *B, double *b) {
    int n = g * s, m = 2 * n + 2 * g, i, j;
    for (i = 0; i < m * m; i++)
        B[i] = 0;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++) {
            B[i * m + j] = B[(n + i) * m + n + j] = 1;
            B[i * m + n + j] = (double)(int)sg_uniform(r, 1, hi + 1);
            B[(n + i) * m + j] = (double)(int)sg_uniform(r, 1, hi + 1);
        }
    for (i = 0; i < 2 * n; i++) {
        B[i * m + 2 * n + i / s] = -1;
        B[(2 * n + i / s) * m + i] = 1;
    }
    for (i = 0; i < m; i++)
        b[i] = i < 2 * n ? 0 : -1;
    return m;
}

/* The game LCPs: both tableaus the same (compare) and solved (checked
 * independently: lcp_holds); Lemke from bases near the answer (from_basis). */
static int games(ncs_lemke_work *lw, double *spare, int *lazy_runs, int from[5]) {
    static const int shapes[4][3] = {{2, 3, 5}, {2, 4, 9}, {3, 3, 250}, {4, 4, 250}};
    static double B[MMAX * MMAX], b[MMAX];
    int k, t, n = 0, solved = 0;
    sg_rng r;
    sg_seed(&r, 26);
    for (k = 0; k < 4; k++)
        for (t = 0; t < 150; t++, n++) {
            int m = game(&r, shapes[k][0], shapes[k][1], shapes[k][2], B, b);
            char what[64];
            run out;
            snprintf(what, sizeof what, "game %dx%d #%d", shapes[k][0], shapes[k][1], t);
            compare(lw, m, B, b, spare, what, lazy_runs);
            lemke(lw, m, B, b, NULL, 0, &out);
            from_basis(lw, m, B, b, &out, &r, what, from);
            if (out.status == NCS_LCP_SOLVED && lcp_holds(m, B, m, b, out.z, 1e-9))
                solved++;
            else
                fprintf(stderr, "%s (m=%d): status %d after %d pivots\n", what, m, out.status,
                        out.pivots);
        }
    printf("game LCPs: %d of %d solved by plain Lemke\n", solved, n);
    CHECK(solved == n);
    return n;
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
    int form, t, n = 0, lazy_runs = 0, from[5] = {0, 0, 0, 0, 0};
    run cold;
    if (!p || !d || !iv || !spare)
        return 2;
    ncs_lemke_bind(&lw, MMAX, d, iv);
    compare(&lw, 3, M1, b1, spare, "cyclic, b tied", &lazy_runs);
    compare(&lw, 4, M2, b2, spare, "zero row and column", &lazy_runs);
    compare(&lw, 3, M3, b3, spare, "duplicated rows", &lazy_runs);
    compare(&lw, 3, M4, b4, spare, "b = 0 rows", &lazy_runs);
    n += games(&lw, spare, &lazy_runs, from);
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
            lemke(&lw, m, B, b, NULL, 0, &cold);
            from_basis(&lw, m, B, b, &cold, &r, what, from);
            n++;
        }
    }
    printf("Lemke from the answer's basis: %d solved, %d with the setup's pivots only\n",
           from[3], from[4]);
    printf("Lemke from a basis 1-3 flips from the answer: %d of %d called solved, %d of them "
           "do not hold\n", from[1], from[0], from[2]);
    CHECK(from[4] >= 0.99 * from[3]);
    CHECK(from[1] > from[0] / 2);
    CHECK(from[2] * 100 < from[1]);
    printf("lazy tableau = eager tableau on %d LCPs (%d with m <= 32, lazy), %ld differ\n",
           n + 4, lazy_runs, CHECK_FAILURES);
    CHECK(lazy_runs > 1000);
    free(p), free(d), free(iv), free(spare);
    return CHECK_DONE();
}
