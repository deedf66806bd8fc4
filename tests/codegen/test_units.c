/* test_units.c - unit tests of the code generator (ncsc_lib).
 *
 *  1. LCP sizes of the plan equal the docs/formulations.md formulas
 *     (max 4y+2g+x+f, summation 2y+x+f, diff 2y-g+x+f, diff-accurate 3y+x+f,
 *     stewart x+f, f = (k+1)(x+y) when k > 0), for particles and discs, with and without
 *     friction, static and capacity-limited, and for mixed layouts (x > 0
 *     convex contacts next to y > 0 nonconvex sides).
 *  2. The compile-time assembly (form_asm.c) of every formulation equals the
 *     runtime's reference assembler fed with A = W^T M^-1 W computed here
 *     from the contact Jacobian columns (normal [n; 0], friction +-[t; -r]).
 *  3. Error paths: polygon bodies, bad prefixes, missing output directory
 *     (no partial output), and a successful emit leaves exactly 3 files.
 *
 * Usage: codegen_test_units WORKDIR
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "emit.h"
#include "emit_plan.h"
#include "form_asm.h"
#include "ncs/assemble.h"

static int failures;

#define CHECK(cond, ...)                                                   \
    do {                                                                   \
        if (!(cond)) {                                                     \
            failures++;                                                    \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, \
                    #cond);                                                \
            fprintf(stderr, __VA_ARGS__);                                  \
            fputc('\n', stderr);                                           \
        }                                                                  \
    } while (0)

/* ---- a hand-built scene: one body, explicit groups ------------------- */

enum { MAXG = 8, MAXS = 64 };

typedef struct fixture {
    ncs_scene s;
    ncs_body body;
    ncs_obstacle obst[MAXG];
    ncs_group groups[MAXG];
    ncs_gside sides[MAXS];
    ncs_geometry g;
    int body_space;
} fixture;

/* Groups of the given sizes; side normals spread around the circle. */
static void make(fixture *f, int form, int ng, const int *sizes, int disc, double mu) {
    int i, j, at = 0;
    memset(f, 0, sizeof *f);
    f->s.file = "units.ncs";
    f->s.name = "units";
    f->s.h = 0.01;
    f->s.steps = 1;
    f->s.form = form;
    f->s.gamma_auto = f->s.epsilon_auto = f->s.margin_auto = 1;
    f->s.nbodies = 1;
    f->s.bodies = &f->body;
    f->s.nobstacles = ng;
    f->s.obstacles = f->obst;
    f->body.name = "b";
    f->body.kind = disc ? NCS_BODY_DISC : NCS_BODY_PARTICLE;
    f->body.mass = 2;
    f->body.radius = disc ? 0.25 : 0;
    f->body.friction = mu;
    for (i = 0; i < ng; i++) {
        f->obst[i].name = "o";
        f->obst[i].kind = NCS_OBST_GROUP;
        f->obst[i].nsides = sizes[i];
        f->obst[i].friction = mu;
        f->groups[i].obstacle = i;
        f->groups[i].first_side = at;
        f->groups[i].nsides = sizes[i];
        f->groups[i].first_vert = -1;
        for (j = 0; j < sizes[i]; j++, at++) {
            double a = 0.7 * at + 0.3 * i;
            f->sides[at].normal.x = cos(a);
            f->sides[at].normal.y = sin(a);
            f->sides[at].point.x = i;
            f->sides[at].point.y = -j;
        }
    }
    f->g.nobstacles = ng;
    f->g.pieces.ngroups = ng;
    f->g.pieces.groups = f->groups;
    f->g.pieces.nsides = at;
    f->g.pieces.sides = f->sides;
    f->body_space = -1;
    f->g.body_space = &f->body_space;
}

/* The documented size formula; f = (k + 1)(x + y) friction rows when k > 0
 * (p_f and s), none when k = 0. */
static int formula(int form, int y, int g, int x, int k) {
    int f = k > 0 ? (k + 1) * (x + y) : 0;
    switch (form) {
    case NCS_FORM_STEWART: return x + f;
    case NCS_FORM_MAX: return 4 * y + 2 * g + x + f;
    case NCS_FORM_SUMMATION: return 2 * y + x + f;
    case NCS_FORM_DIFF: return 2 * y - g + x + f;
    default: return 3 * y + x + f;
    }
}

static void test_sizes(void) {
    static const int sizes[] = {2, 3, 4, 3};
    int form, ng, mu, cap;
    for (form = 0; form <= 4; form++)
        for (ng = 1; ng <= 4; ng++)
            for (mu = 0; mu <= 1; mu++)
                for (cap = 0; cap <= 2; cap++) {
                    fixture f;
                    ncs_plan p;
                    ncs_diag d;
                    int y = 0, i, k = mu ? 2 : 0, want, wantmax, c;
                    make(&f, form, ng, sizes, cap == 1, mu ? 0.4 : 0);
                    f.s.capacity = cap;
                    for (i = 0; i < ng; i++)
                        y += sizes[i];
                    ncs_diag_init(&d, "units.ncs", NULL, 0);
                    CHECK(ncs_plan_build(&p, &f.s, &f.g, "u", &d) == 0, "plan");
                    if (!p.bodies)
                        continue;
                    want = form == NCS_FORM_STEWART ? formula(form, 0, 0, ng, k)
                                                    : formula(form, y, ng, 0, k);
                    CHECK(p.bodies[0].mfull == want, "form %d ng %d k %d: mfull %d != %d",
                          form, ng, k, p.bodies[0].mfull, want);
                    CHECK(p.bodies[0].k == k, "k %d != %d", p.bodies[0].k, k);
                    /* capacity c: the c largest groups, all nonconvex */
                    c = p.bodies[0].cap;
                    if (cap > 0)
                        CHECK(c == (p.bodies[0].is_static ? ng : (cap < ng ? cap : ng)),
                              "capacity %d (asked %d, %d groups)", c, cap, ng);
                    if (form == NCS_FORM_STEWART) {
                        wantmax = formula(form, 0, 0, c, k);
                    } else {
                        int sorted[4], a, b2, yy = 0;
                        memcpy(sorted, sizes, sizeof sorted);
                        for (a = 0; a < ng; a++)
                            for (b2 = a + 1; b2 < ng; b2++)
                                if (sorted[b2] > sorted[a]) {
                                    int t = sorted[a];
                                    sorted[a] = sorted[b2];
                                    sorted[b2] = t;
                                }
                        for (a = 0; a < c; a++)
                            yy += sorted[a];
                        wantmax = formula(form, yy, c, 0, k);
                    }
                    CHECK(p.bodies[0].mmax == wantmax, "form %d ng %d cap %d: mmax %d != %d",
                          form, ng, cap, p.bodies[0].mmax, wantmax);
                    CHECK(p.max_m == wantmax, "MAX_M %d != %d", p.max_m, wantmax);
                    CHECK(p.bodies[0].is_static ==
                              (form != NCS_FORM_STEWART && (cap == 0 || cap >= ng) &&
                               want <= NCS_PLAN_STATIC_MMAX),
                          "static rule");
                    if (form == NCS_FORM_MAX)
                        CHECK(p.gamma > 2 * p.diameter / f.s.h, "gamma %g", p.gamma);
                    ncs_plan_free(&p);
                }
}

/* Mixed layouts, x > 0 and y > 0: one-sided groups are convex contacts on
 * the static path (so mfull has both), and the layout size of any g groups
 * plus x convex contacts is the documented formula. */
static void test_sizes_mixed(void) {
    static const int sizes[] = {2, 1, 3, 1, 4};
    int form, ng, mu, x, g;
    for (form = 0; form <= 4; form++)
        for (ng = 1; ng <= 5; ng++)
            for (mu = 0; mu <= 1; mu++) {
                fixture f;
                ncs_plan p;
                ncs_diag d;
                int y = 0, g2 = 0, x2 = 0, i, k = mu ? 2 : 0, want;
                make(&f, form, ng, sizes, 0, mu ? 0.4 : 0);
                for (i = 0; i < ng; i++) {
                    if (sizes[i] >= 2) {
                        y += sizes[i];
                        g2++;
                    } else
                        x2++;
                }
                ncs_diag_init(&d, "units.ncs", NULL, 0);
                CHECK(ncs_plan_build(&p, &f.s, &f.g, "u", &d) == 0, "plan");
                if (!p.bodies)
                    continue;
                want = form == NCS_FORM_STEWART ? formula(form, 0, 0, ng, k)
                                                : formula(form, y, g2, x2, k);
                CHECK(p.bodies[0].mfull == want, "mixed form %d ng %d k %d: mfull %d != %d",
                      form, ng, k, p.bodies[0].mfull, want);
                ncs_plan_free(&p);
            }
    for (form = 1; form <= 4; form++)
        for (g = 1; g <= 3; g++)
            for (x = 1; x <= 3; x++) {
                int k, y = 0, i;
                for (i = 0; i < g; i++)
                    y += sizes[i] + 1;
                for (k = 0; k <= 2; k += 2) {
                    int gs[3] = {sizes[0] + 1, sizes[1] + 1, sizes[2] + 1};
                    int m = ncs_plan_lcp_size(form, g, gs, x, k);
                    CHECK(m == formula(form, y, g, x, k), "form %d g %d y %d x %d k %d: %d != %d",
                          form, g, y, x, k, m, formula(form, y, g, x, k));
                }
            }
}

/* ---- compile-time assembly against the reference assembler ----------- */

static double rnd(unsigned *st) {
    *st = *st * 1103515245u + 12345u;
    return ((*st >> 8) & 0xffff) / 65535.0;
}

static void test_assembly(void) {
    unsigned st = 7;
    int form, trial;
    for (form = 0; form <= 4; form++)
        for (trial = 0; trial < 12; trial++) {
            int gs[3], ng = form == NCS_FORM_STEWART ? 0 : 1 + trial % 3;
            int nx = trial % 2 + (form == NCS_FORM_STEWART), k = (trial / 2) % 2 ? 2 : 0;
            int disc = trial % 3 == 0, y = 0, nc, nu, i, j, l, r, m;
            double nxs[16], nys[16], mu[16], a0n[16], a0t[16];
            double W[3 * 48], A[48 * 48], a0[48], *B, *b, *bb;
            double im = 0.5, iI = disc ? 1 / (0.5 * 2 * 0.3 * 0.3) : 0, rad = disc ? 0.3 : 0;
            ncs_fasm_in in;
            ncs_fasm fa;
            ncs_layout L;
            for (i = 0; i < ng; i++)
                y += gs[i] = 1 + (trial + i) % 3;
            nc = y + nx;
            nu = nc * (1 + k);
            for (i = 0; i < nc; i++) {
                double a = 6.283185307179586 * rnd(&st);
                nxs[i] = cos(a);
                nys[i] = sin(a);
                mu[i] = k ? rnd(&st) : 0;
                a0n[i] = rnd(&st) - 0.5;
                a0t[i] = rnd(&st) - 0.5;
            }
            memset(&in, 0, sizeof in);
            in.form = form;
            in.ng = ng;
            in.gsize = gs;
            in.nx = nx;
            in.k = k;
            in.nx_ = nxs;
            in.ny_ = nys;
            in.mu = mu;
            in.im = im;
            in.iI = iI;
            in.r = rad;
            in.gamma = 37;
            in.eps_h = 0.125;
            CHECK(ncs_fasm_build(&in, &fa) == 0, "fasm form %d", form);
            if (!fa.B)
                continue;
            m = fa.m;
            /* W columns over (x, y, theta): normals then friction +-[t; -r]. */
            for (i = 0; i < nc; i++) {
                W[3 * i] = nxs[i];
                W[3 * i + 1] = nys[i];
                W[3 * i + 2] = 0;
                a0[i] = a0n[i];
                for (l = 0; l < k; l++) {
                    double sg = l ? -1 : 1;
                    int col = nc + i * k + l;
                    W[3 * col] = -nys[i] * sg;
                    W[3 * col + 1] = nxs[i] * sg;
                    W[3 * col + 2] = -rad * sg;
                    a0[col] = sg * a0t[i];
                }
            }
            for (i = 0; i < nu; i++)
                for (j = 0; j < nu; j++)
                    A[i * nu + j] = im * (W[3 * i] * W[3 * j] + W[3 * i + 1] * W[3 * j + 1]) +
                                    iI * W[3 * i + 2] * W[3 * j + 2];
            memset(&L, 0, sizeof L);
            L.form = form;
            L.ngroups = ng;
            L.group_size = gs;
            L.nconvex = nx;
            L.nfric = k;
            L.gamma = 37;
            L.eps_h = 0.125;
            B = calloc((size_t)m * m, sizeof *B);
            b = calloc((size_t)m, sizeof *b);
            bb = calloc((size_t)m, sizeof *bb);
            CHECK(B && b && bb, "oom");
            if (B && b && bb) {
                CHECK(ncs_lcp_assemble(&L, A, a0, mu, B, m, b) == 0, "oracle");
                for (r = 0; r < m; r++) {
                    bb[r] = fa.bconst[r];
                    for (i = 0; i < nc; i++)
                        bb[r] += fa.bn[r * nc + i] * a0n[i] + fa.bt[r * nc + i] * a0t[i];
                }
                for (i = 0; i < m * m; i++)
                    CHECK(fabs(B[i] - fa.B[i]) <= 1e-13, "form %d trial %d B[%d][%d] %.17g != %.17g",
                          form, trial, i / m, i % m, fa.B[i], B[i]);
                for (r = 0; r < m; r++)
                    CHECK(fabs(b[r] - bb[r]) <= 1e-13, "form %d trial %d b[%d] %.17g != %.17g",
                          form, trial, r, bb[r], b[r]);
            }
            free(B);
            free(b);
            free(bb);
            ncs_fasm_free(&fa);
        }
}

/* ---- error paths and file output ------------------------------------ */

static int exists(const char *dir, const char *name) {
    char path[1024];
    struct stat sb;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return stat(path, &sb) == 0;
}

static void test_emit(const char *work) {
    static const int sizes[] = {2};
    fixture f;
    ncs_diag d;
    ncs_emit_options o;
    char missing[1024];
    FILE *sink = tmpfile();
    mkdir(work, 0777);
    make(&f, NCS_FORM_MAX, 1, sizes, 0, 0);
    memset(&o, 0, sizeof o);
    o.outdir = work;

    ncs_diag_init(&d, "units.ncs", NULL, 0);
    d.out = sink ? sink : stderr;
    o.prefix = "9bad";
    CHECK(ncs_emit(&f.s, &f.g, &o, &d) == 1 && d.nerrors == 1, "bad prefix accepted");
    o.prefix = "with-dash";
    CHECK(ncs_emit(&f.s, &f.g, &o, &d) == 1 && d.nerrors == 2, "bad prefix accepted");

    o.prefix = "poly";
    f.body.kind = NCS_BODY_POLYGON;
    CHECK(ncs_emit(&f.s, &f.g, &o, &d) == 1 && d.nerrors == 3, "polygon body accepted");
    CHECK(!exists(work, "poly.c"), "output after an error");
    f.body.kind = NCS_BODY_PARTICLE;

    snprintf(missing, sizeof missing, "%s/no/such/dir", work);
    o.outdir = missing;
    o.prefix = "gone";
    CHECK(ncs_emit(&f.s, &f.g, &o, &d) == 2, "missing directory not reported");

    o.outdir = work;
    o.prefix = "ok_units";
    CHECK(ncs_emit(&f.s, &f.g, &o, &d) == 0, "emit failed");
    CHECK(exists(work, "ok_units.h") && exists(work, "ok_units.c") &&
              exists(work, "ok_units_main.c"),
          "missing output");
    CHECK(!exists(work, "ok_units.h.tmp") && !exists(work, "ok_units.c.tmp") &&
              !exists(work, "ok_units_main.c.tmp"),
          "temporary left");

    o.prefix = NULL; /* default: the scene name */
    CHECK(ncs_emit(&f.s, &f.g, &o, &d) == 0 && exists(work, "units.h") &&
              exists(work, "units.c") && exists(work, "units_main.c"),
          "default prefix is the scene name");
    if (sink)
        fclose(sink);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: codegen_test_units WORKDIR\n");
        return 2;
    }
    test_sizes();
    test_sizes_mixed();
    test_assembly();
    test_emit(argv[1]);
    if (failures)
        fprintf(stderr, "%d check(s) failed\n", failures);
    else
        printf("all checks passed\n");
    return failures ? 1 : 0;
}
