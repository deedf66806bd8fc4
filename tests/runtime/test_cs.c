/* test_cs.c - ncs_lcp_solve_cs (contact space, no B) against ncs_lcp_solve
 * on the assembled B and b: the same status, pivots, attempts, path,
 * blocks, smallest flag, residual and z (bit for bit but for the sign of a
 * zero), cold and along warm-started chains, with the full strategy and
 * plain Lemke; the stored LCPs of data/ (A, a0, mu read back from their B
 * and b, the p_y shifts of b as pyb); the workspace bound; the failures of
 * the entry point. Usage: test_cs DATADIR */
#include <stdlib.h>
#include <string.h>
#include "ncs/assemble.h"
#include "ncs/lcp.h"
#include "ncs/lcp_dat.h"
#include "../check.h"
#include "lcp_holds.h"
#include "scene_gen.h"
#include "stored_cs.h"

enum { MMAX = 700, PER_FORM = 300 };

static int compared, exact;

/* u^T A u of z's impulses and the size of its terms, sum |u_i A_ij u_j|. */
static double energy(const ncs_layout *L, const double *A, const double *z, double *size) {
    int nu = ncs_lcp_contact_size(L), ub = ncs_lcp_impulse_offset(L), i, j;
    double e = 0;
    *size = 0;
    for (i = 0; i < nu; i++)
        for (j = 0; j < nu; j++) {
            double t = z[ub + i] * A[(size_t)i * (size_t)nu + (size_t)j] * z[ub + j];
            e += t;
            *size += fabs(t);
        }
    return e;
}

/* One pair of workspaces (dense, contact space), chained calls. */
typedef struct pair {
    void *dmem, *cmem;
    size_t dbytes, cbytes;
    ncs_lcp_workspace *dws, *cws;
} pair;

static void pair_init(pair *p, int mmax) {
    p->dbytes = ncs_lcp_workspace_bytes(mmax);
    p->cbytes = ncs_lcp_cs_workspace_bytes(mmax, mmax);
    p->dmem = malloc(p->dbytes);
    p->cmem = malloc(p->cbytes);
    if (!p->dmem || !p->cmem)
        exit(2);
    p->dws = ncs_lcp_workspace_init(p->dmem, p->dbytes, mmax);
    p->cws = ncs_lcp_workspace_init_cs(p->cmem, p->cbytes, mmax, mmax);
    CHECK(p->dws && p->cws);
}

static void pair_free(pair *p) {
    free(p->dmem);
    free(p->cmem);
}

/* Equal as values, and bit for bit unless both are zeros. */
static int same(double x, double y) {
    return x == y && (x == 0 || memcmp(&x, &y, sizeof x) == 0);
}

/* Solves (L; A, a0, mu, pyb) both ways on p's workspaces and compares
 * everything they return. B and b are the assembled LCP with pyb added.
 * With `rounded` (summation and diff from generated A and a0: the dense
 * solver reads a0 back as -(-a0 - eps_h) - eps_h, the diff forms' A rows
 * as -(A_1 - A_k) + A_1, rounded, where the contact-space one has the
 * exact values) only the status and the impulse energy are compared,
 * within 1e-12 of the size of its terms. */
static void compare(pair *p, const ncs_layout *L, const double *A, const double *a0,
                    const double *mu, const double *pyb, const double *B, const double *b,
                    const ncs_lcp_options *opt, int rounded, const char *what) {
    static double z1[MMAX], z2[MMAX], w1[MMAX], w2[MMAX];
    ncs_lcp_info i1, i2;
    int m = ncs_layout_size(L), nu = ncs_lcp_contact_size(L), s1, s2, r, bad = 0;
    s1 = ncs_lcp_solve(p->dws, L, m, B, m, b, z1, w1, opt, &i1);
    s2 = ncs_lcp_solve_cs(p->cws, L, A, nu, a0, mu, pyb, z2, w2, opt, &i2);
    bad |= s1 != s2 || i1.status != i2.status || i1.pivots != i2.pivots ||
           i1.attempts != i2.attempts || i1.strategy != i2.strategy ||
           i1.blocks != i2.blocks || i1.smallest != i2.smallest ||
           !(same(i1.residual, i2.residual) || (i1.residual != i1.residual && i2.residual != i2.residual));
    for (r = 0; r < m; r++)
        bad |= !same(z1[r], z2[r]) || !same(w1[r], w2[r]);
    exact += !bad;
    if (bad && rounded && s1 == s2) {
        double sz1, sz2, e1 = energy(L, A, z1, &sz1), e2 = energy(L, A, z2, &sz2);
        bad = !(fabs(e1 - e2) <= 1e-12 * (sz1 > sz2 ? sz1 : sz2));
    }
    if (bad) {
        fprintf(stderr, "%s (m=%d): dense %s %d pivots %d attempts path %d res %.17g; "
                        "cs %s %d pivots %d attempts path %d res %.17g\n",
                what, m, ncs_lcp_status_name(s1), i1.pivots, i1.attempts, i1.strategy,
                i1.residual, ncs_lcp_status_name(s2), i2.pivots, i2.attempts, i2.strategy,
                i2.residual);
        CHECK_FAILURES++;
    }
    compared++;
}

/* The generated problems of every form, chained on one pair of workspaces
 * per form (warm starts as in a simulation), full strategy and plain. */
static void battery(void) {
    static sg_problem p;
    static double B[MMAX * MMAX], b[MMAX];
    ncs_lcp_options plain = ncs_lcp_default_options();
    int form, t;
    plain.structured = plain.decompose = plain.rescue = plain.warm_start = 0;
    for (form = 0; form <= NCS_FORM_DIFF_ACCURATE; form++) {
        sg_rng rng;
        pair full, pl;
        pair_init(&full, MMAX);
        pair_init(&pl, MMAX);
        int rounded = form == NCS_FORM_SUMMATION || form == NCS_FORM_DIFF;
        sg_seed(&rng, 7100 + (uint64_t)form);
        for (t = 0; t < PER_FORM; t++) {
            int bodies = 1 + (t % 3), groups = 1 + (t / 3) % 2, convex = (t / 6) % 2, m;
            char what[64];
            if (sg_generate(&rng, &p, form, bodies, groups, convex, (t / 12) % 2, (t / 24) % 2))
                exit(2);
            m = ncs_layout_size(&p.layout);
            if (m > MMAX || ncs_lcp_assemble(&p.layout, p.A, p.a0, p.mu, B, m, b))
                continue;
            snprintf(what, sizeof what, "form %d #%d", form, t);
            compare(&full, &p.layout, p.A, p.a0, p.mu, NULL, B, b, NULL, rounded, what);
            compare(&pl, &p.layout, p.A, p.a0, p.mu, NULL, B, b, &plain, rounded, what);
        }
        pair_free(&full);
        pair_free(&pl);
    }
}

/* Every stored LCP with a layout: A, a0, mu read back, pyb the difference
 * of the file's b from the assembled one on the p_y rows. */
static void stored_one(const stored_cs *s, void *shifted) {
    ncs_layout_offsets o;
    ncs_lcp_options plain = ncs_lcp_default_options();
    pair one;
    int j, k, m = s->m;
    plain.structured = plain.decompose = plain.rescue = 0;
    if (ncs_layout_offsets_of(s->L, &o) != 0)
        exit(2);
    for (j = 0; j < o.y; j++)
        *(int *)shifted += s->pyb[j] != 0;
    /* the file is the contact-space LCP of what it carries */
    for (k = 0; k < m * m; k++)
        CHECK(s->Ba[k] == s->B[k]);
    for (k = 0; k < m; k++)
        CHECK(s->ba[k] == s->b[k]);
    pair_init(&one, m);
    compare(&one, s->L, s->A, s->a0, s->mu, s->pyb, s->B, s->b, NULL, 0, s->name);
    compare(&one, s->L, s->A, s->a0, s->mu, s->pyb, s->B, s->b, NULL, 0, s->name);   /* warm */
    compare(&one, s->L, s->A, s->a0, s->mu, s->pyb, s->B, s->b, &plain, 0, s->name);
    pair_free(&one);
}

/* The stored LCPs of up to mmax rows (MMAX: all of them; the sanitizer
 * build takes those up to 170, 20 files, the piles of 164 rows among them). */
static void stored(const char *dir, int mmax) {
    int shifted = 0, files = stored_cs_each(dir, mmax, stored_one, &shifted);
    printf("stored LCPs: %d compared, %d p_y shifts (ghost sides)\n", files, shifted);
    CHECK(files >= (mmax >= MMAX ? 19 : 15));
    CHECK(shifted > 0);         /* large-max-fric-step224-ghosts.dat */
}

/* The entry point's failures and the workspace contract. */
static void contract(void) {
    static double mem[1 << 14];
    int two[1] = {2};
    ncs_layout L = {NCS_FORM_MAX, 1, two, 1, 2, 100, 0};
    ncs_layout D = {NCS_FORM_DIFF, 1, two, 0, 0, 0, 0};
    double A[81], a0[9], mu[3] = {0.5, 0.5, 0.5}, z[64], w[64];
    ncs_lcp_workspace *ws;
    ncs_lcp_info info;
    int m = ncs_layout_size(&L), i;
    size_t need;
    for (i = 0; i < 81; i++)
        A[i] = i % 10 == 0 ? 2 : 0.1;
    for (i = 0; i < 9; i++)
        a0[i] = i < 3 ? -1 : 0.5;
    /* sizes: the static bound holds, and no array of m^2 but the tableau */
    for (i = 1; i <= 2000; i++) {
        int nc;
        for (nc = 1; nc <= i; nc += 1 + i / 7)
            CHECK(NCS_LCP_CS_WORKSPACE_REALS(i, nc) * sizeof(double) >=
                  ncs_lcp_cs_workspace_bytes(i, nc));
        CHECK(NCS_LCP_WORKSPACE_REALS(i) * sizeof(double) >= ncs_lcp_workspace_bytes(i));
    }
    /* the tableau is the one array of m^2; fewer contacts, less memory */
    CHECK(ncs_lcp_cs_workspace_bytes(200, 200) < sizeof(double) * (200 * 202 + 40 * 200));
    CHECK(ncs_lcp_cs_workspace_bytes(200, 10) < ncs_lcp_cs_workspace_bytes(200, 200));
    CHECK(ncs_lcp_cs_workspace_bytes(0, 1) == 0 && ncs_lcp_cs_workspace_bytes(1, 0) == 0);
    need = ncs_lcp_cs_workspace_bytes(m, 3) - sizeof(double) * NCS_LCP_CS_SPARE_REALS(m);
    CHECK(ncs_lcp_workspace_init_cs(mem, need - 1, m, 3) == NULL);
    CHECK(ncs_lcp_workspace_init_cs((char *)mem + 4, need, m, 3) == NULL);
    /* too few contacts for the layout (3) */
    ws = ncs_lcp_workspace_init_cs(mem, need, m, 2);
    CHECK(ws != NULL);
    CHECK(ncs_lcp_solve_cs(ws, &L, A, 9, a0, mu, NULL, z, w, NULL, &info) == NCS_LCP_WORKSPACE);
    ws = ncs_lcp_workspace_init_cs(mem, need, m, 3);     /* no spare: eager tableau */
    CHECK(ws != NULL);
    CHECK(ncs_lcp_solve_cs(ws, &L, A, 9, a0, mu, NULL, z, w, NULL, &info) == NCS_LCP_SOLVED);
    /* failures: z and w zeroed */
    z[0] = w[0] = 1;
    CHECK(ncs_lcp_solve_cs(ws, &L, NULL, 9, a0, mu, NULL, z, w, NULL, &info) ==
          NCS_LCP_BAD_INPUT);
    CHECK(z[0] == 0 && w[0] == 0 && info.status == NCS_LCP_BAD_INPUT);
    CHECK(ncs_lcp_solve_cs(ws, &L, A, 8, a0, mu, NULL, z, w, NULL, &info) == NCS_LCP_BAD_INPUT);
    CHECK(ncs_lcp_solve_cs(ws, &L, A, 9, a0, NULL, NULL, z, w, NULL, &info) ==
          NCS_LCP_BAD_INPUT);
    CHECK(ncs_lcp_solve_cs(ws, NULL, A, 9, a0, mu, NULL, z, w, NULL, &info) ==
          NCS_LCP_BAD_INPUT);
    CHECK(ncs_lcp_solve_cs(ws, &L, A, 9, a0, mu, NULL, NULL, w, NULL, &info) ==
          NCS_LCP_BAD_INPUT);
    L.gamma = 0;
    CHECK(ncs_lcp_solve_cs(ws, &L, A, 9, a0, mu, NULL, z, w, NULL, &info) ==
          NCS_LCP_BAD_INPUT);
    L.gamma = 100;
    L.nconvex = 5;                      /* m > mmax */
    CHECK(ncs_lcp_solve_cs(ws, &L, A, 21, a0, mu, NULL, z, w, NULL, &info) ==
          NCS_LCP_WORKSPACE);
    L.nconvex = 1;
    A[4] = INFINITY;
    z[0] = 1;
    CHECK(ncs_lcp_solve_cs(ws, &L, A, 9, a0, mu, NULL, z, w, NULL, &info) ==
          NCS_LCP_NUMERICAL);
    CHECK(z[0] == 0);
    A[4] = 0.1;
    /* diff: a c row carries A_1. - A_2., which overflows though A is finite;
     * the dense solve of the assembled B says numerical too */
    {
        double Ad[4] = {1, 1.5e308, 0, -1.5e308}, ad[2] = {-1, -1}, B[9], b[3];
        int md = ncs_layout_size(&D);
        ws = ncs_lcp_workspace_init(mem, sizeof mem, md);
        CHECK(ncs_lcp_assemble(&D, Ad, ad, NULL, B, md, b) == 0);
        CHECK(ncs_lcp_solve(ws, &D, md, B, md, b, z, NULL, NULL, NULL) == NCS_LCP_NUMERICAL);
        CHECK(ncs_lcp_solve_cs(ws, &D, Ad, 2, ad, NULL, NULL, z, NULL, NULL, NULL) ==
              NCS_LCP_NUMERICAL);
    }
    /* ncs_lcp_solve needs room to read A back from B: a contact-space
     * workspace has none */
    {
        double B[64 * 64], b[64];
        ws = ncs_lcp_workspace_init_cs(mem, sizeof mem, m, m);
        CHECK(ncs_lcp_assemble(&L, A, a0, mu, B, m, b) == 0);
        CHECK(ncs_lcp_solve(ws, &L, m, B, m, b, z, NULL, NULL, &info) == NCS_LCP_WORKSPACE);
        /* without a layout nothing is extracted: plain Lemke, as on a dense
         * workspace (a ray on the max form) */
        CHECK(ncs_lcp_solve(ws, NULL, m, B, m, b, z, NULL, NULL, &info) == NCS_LCP_RAY);
    }
}

int main(int argc, char **argv) {
    int mmax = argc > 2 ? atoi(argv[2]) : MMAX;
    if (argc < 2 || argc > 3 || mmax < 1 || mmax > MMAX) {
        fprintf(stderr, "usage: test_cs DATADIR [MMAX]   (MMAX 1..%d: the largest stored LCP)\n",
                MMAX);
        return 2;
    }
    contract();
    battery();
    stored(argv[1], mmax);
    printf("contact space = dense on %d solves (%d bit for bit), %ld differ\n", compared, exact,
           CHECK_FAILURES);
    CHECK(compared > 2000);
    return CHECK_DONE();
}
