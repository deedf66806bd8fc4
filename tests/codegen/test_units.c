/* test_units.c - unit tests of the plan and the emitter (compiler/plan/plan.c,
 * plan_sizes.c, emit_scene.c, emit_buf.c).
 *
 *  1. Literals: ncs_buf_num writes the shortest text that reads back as the
 *     same double, always a C floating literal (0.1 -> "0.1", 1e-9 ->
 *     "1e-09", 10 -> "10.0"), no negative zero, negative values in
 *     parentheses, a non-finite value flagged.
 *  2. LCP sizes of ncs_plan_rows equal the docs/formulations.md formulas
 *     (max 4y+2g+x+f, summation 2y+x+f, diff 2y-g+x+f, diff-accurate 3y+x+f,
 *     stewart x+f, f = (k+1)(x+y) when k > 0).
 *  3. The plan's constants follow docs/language.md, "What auto becomes":
 *     gamma = 2 (D / h + Vmax) + 1, epsilon = 1e-9 D (every scene, every
 *     formulation), margin = 1e-3 D, the body margin a tenth of it; a
 *     number written in the scene is used as is. D is the diagonal of the
 *     box of the obstacles' vertices and the starts, grown by the largest
 *     disc radius.
 *  4. The emitted header of scenes/units.ncs: the macros <P>_NBODIES,
 *     _BODY_<NAME>, _STEPS, _TIME_STEP (shortest literal), _FORMULATION,
 *     _NFRIC, the sizes _MAX_PAIRS .. _MAX_M equal to the plan's, and
 *     _STATE_BYTES; none of the old macros. The same scene compiled at build
 *     time (unitgen.h): STATE_BYTES == sizeof(state) (also at compile time),
 *     the body indices and names, init.
 *  5. A failed compile writes nothing: a bad prefix, a scene error, a
 *     missing output directory; a good one writes exactly the 3 files.
 *
 * Usage: codegen_test_units WORKDIR SCENE (scenes/units.ncs)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include "compile.h"
#include "emit.h"
#include "emit_buf.h"
#include "parse.h"
#include "plan.h"
#include "../check.h"

/* ---- 1. literals ----------------------------------------------------- */

static void lit(double v, const char *want) {
    ncs_buf b;
    memset(&b, 0, sizeof b);
    ncs_buf_num(&b, v);
    CHECK(b.s && !strcmp(b.s, want) && !b.nonfinite && !b.oom, "ncs_buf_num(%.17g) = '%s', want '%s'",
          v, b.s ? b.s : "(null)", want);
    ncs_buf_free(&b);
}

static void test_literals(void) {
    ncs_buf b;
    char s[64];
    lit(0.1, "0.1");
    lit(1e-9, "1e-09");
    lit(10, "10.0");
    lit(0, "0.0");
    lit(-0.0, "0.0");
    lit(-0.5, "(-0.5)");
    lit(1.0 / 3, "0.3333333333333333");
    lit(0.1 + 0.2, "0.30000000000000004");
    lit(1e300, "1e+300");
    lit(5e-324, "5e-324");
    lit(123456789012345678.0, "1.2345678901234568e+17");
    /* every literal reads back as the same double */
    {
        double v = 0.7071067811865476;
        int i;
        for (i = 0; i < 200; i++, v = v * 1.37 + 1e-3 * i) {
            double back;
            memset(&b, 0, sizeof b);
            ncs_buf_num(&b, v);
            back = strtod(b.s, NULL);
            CHECK(back == v, "'%s' reads back as %.17g, not %.17g", b.s, back, v);
            ncs_buf_free(&b);
        }
    }
    memset(&b, 0, sizeof b);
    ncs_buf_num(&b, HUGE_VAL);
    CHECK(b.nonfinite && b.s && !strcmp(b.s, "0.0"), "infinity: flag %d, text '%s'", b.nonfinite,
          b.s ? b.s : "(null)");
    ncs_buf_free(&b);
    ncs_buf_shortest(s, sizeof s, 0.1);
    CHECK(!strcmp(s, "0.1"), "ncs_buf_shortest(0.1) = '%s'", s);
}

/* ---- 2. LCP sizes ------------------------------------------------------ */

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

static void test_rows(void) {
    static const int sizes[] = {2, 3, 4, 3};
    int form, ng, x, k, y, i;
    for (form = 0; form <= 4; form++)
        for (ng = 0; ng <= 4; ng++)
            for (x = 0; x <= 3; x++)
                for (k = 0; k <= 2; k += 2) {
                    int g = form == NCS_FORM_STEWART ? 0 : ng;
                    for (y = 0, i = 0; i < g; i++)
                        y += sizes[i];
                    CHECK(ncs_plan_rows(form, g, sizes, x, k) == formula(form, y, g, x, k),
                          "form %d, %d groups, x %d, k %d: %d rows, the formula says %d", form,
                          g, x, k, ncs_plan_rows(form, g, sizes, x, k), formula(form, y, g, x, k));
                }
    CHECK(ncs_plan_rows(NCS_FORM_STEWART, 1, sizes, 0, 0) == -1, "stewart with a group is invalid");
    CHECK(ncs_plan_rows(NCS_FORM_MAX, 0, NULL, 1, 1) == -1, "k = 1 is invalid");
}

/* ---- 3. constants --------------------------------------------------------- */

/* Parses, builds the geometry and the plan of `src`. Returns 0 when all
 * three succeed; *d gets the messages (into `sink`). */
typedef struct compiled {
    ncs_scene *s;
    ncs_geometry g;
    ncs_plan p;
    int ok;
} compiled;

static FILE *sink;

static void compile(compiled *c, const char *src, const char *prefix) {
    ncs_diag d;
    ncs_geom_options go = ncs_geom_default_options();
    memset(c, 0, sizeof *c);
    ncs_diag_init(&d, "t.ncs", src, strlen(src));
    d.out = sink;
    c->s = ncs_parse("t.ncs", src, strlen(src), &d);
    if (!c->s || ncs_geom_build(c->s, &go, &d, &c->g) != 0)
        return;
    c->ok = ncs_plan_make(&c->p, c->s, &c->g, prefix, &d) == 0;
}

static void release(compiled *c) {
    if (c->ok)
        ncs_plan_release(&c->p);
    if (c->s) {
        ncs_geom_free(&c->g);
        ncs_scene_free(c->s);
    }
}

static int near(double a, double b) { return fabs(a - b) <= 1e-15 * fmax(1, fabs(b)); }

/* G of docs/language.md, "What auto becomes": the largest piece's diameter
 * plus twice the reach cap, at most D (D when a piece is unbounded). */
static double gamma_extent(const ncs_plan *p) {
    double G = 0;
    int k;
    for (k = 0; k < p->obst.npieces; k++)
        G = p->obst.rad[k] < 0 ? HUGE_VAL : fmax(G, 2 * p->obst.rad[k]);
    for (k = 0; k < p->bpieces.npieces; k++)
        G = fmax(G, 2 * p->bpieces.rad[k]);
    return fmin(p->diameter, G + 2 * p->reach_cap);
}

static void test_constants(const char *units_src) {
    compiled c;
    double D, V;
    char src[1024];
    int f;
    /* scenes/units.ncs: box (0..3 x -1..3) grown by the wheel's 0.5 */
    compile(&c, units_src, "u");
    CHECK(c.ok, "%s", "scenes/units.ncs does not plan");
    if (c.ok) {
        D = hypot(4, 5);
        V = sqrt(25 + 2 * 10 * D); /* |v0| = 5, |a| = 10 */
        CHECK(near(c.p.diameter, D), "D = %.17g, want %.17g", c.p.diameter, D);
        CHECK(near(c.p.vmax, V), "Vmax = %.17g, want %.17g", c.p.vmax, V);
        CHECK(near(c.p.gamma, 2 * (gamma_extent(&c.p) / 0.01 + V) + 1),
              "gamma = %.17g, want 2 (G / h + Vmax) + 1 = %.17g", c.p.gamma,
              2 * (gamma_extent(&c.p) / 0.01 + V) + 1);
        CHECK(gamma_extent(&c.p) < D, "G = %.17g is not below D = %.17g", gamma_extent(&c.p), D);
        CHECK(near(c.p.epsilon, 1e-9 * D), "epsilon = %.17g, want 1e-9 D", c.p.epsilon);
        CHECK(near(c.p.margin, 1e-3 * D), "margin = %.17g, want 1e-3 D", c.p.margin);
        CHECK(near(c.p.body_margin, 1e-4 * D), "body margin = %.17g, want a tenth of the margin",
              c.p.body_margin);
        CHECK(c.p.nfric == 0, "nfric %d without friction", c.p.nfric);
        CHECK(c.p.size.pairs > 0 && c.p.size.srefs >= c.p.size.pairs &&
                  c.p.size.contacts > 0 && c.p.size.groups > 0 && c.p.size.m > 0,
              "sizes %d %d %d %d %d", c.p.size.pairs, c.p.size.srefs, c.p.size.contacts,
              c.p.size.groups, c.p.size.m);
    }
    release(&c);
    /* epsilon is 1e-9 D for every scene and formulation (particles alone,
     * polygon bodies); with no obstacle and one start D = 1 */
    for (f = 0; f < NCS_NFORMS; f++) {
        snprintf(src, sizeof src,
                 "scene s { h = 0.1; steps = 1; formulation = %s; }\n"
                 "body p particle { mass = 1; }\n", ncs_form_name(f));
        compile(&c, src, "s");
        /* no piece: G = 2 reach cap = 2 (2 margin) = 0.004, gamma = 2 G / h + 1 */
        CHECK(c.ok && c.p.diameter == 1 && near(c.p.epsilon, 1e-9) && near(c.p.margin, 1e-3) &&
                  near(c.p.gamma, 2 * 0.004 / 0.1 + 1),
              "%s, one particle: D %g, epsilon %g, margin %g, gamma %g", ncs_form_name(f), c.p.diameter,
              c.p.epsilon, c.p.margin, c.p.gamma);
        release(&c);
        snprintf(src, sizeof src,
                 "scene s { h = 0.1; steps = 1; formulation = %s; }\n"
                 "obstacle o polygon { outer (0, 0) (6, 0) (6, 1) (0, 1); }\n"
                 "body b polygon { vertices (0, 0) (1, 0) (1, 1) (0, 1); mass = 1;"
                 " position = (0, 8); }\n", ncs_form_name(f));
        compile(&c, src, "s");
        CHECK(c.ok && near(c.p.diameter, 10) && near(c.p.epsilon, 1e-8) &&
                  near(c.p.margin, 1e-2),
              "%s, a polygon body: D %g, epsilon %g, margin %g", ncs_form_name(f), c.p.diameter,
              c.p.epsilon, c.p.margin);
        release(&c);
    }
    /* numbers written in the scene are used as they are */
    compile(&c, "scene s { h = 0.1; steps = 1; gamma = 7; margin = 0.02; }\n"
                "body p particle { mass = 1; }\n", "s");
    CHECK(c.ok && c.p.gamma == 7 && c.p.margin == 0.02 && near(c.p.body_margin, 0.002),
          "explicit gamma %g, margin %g, body margin %g", c.p.gamma, c.p.margin, c.p.body_margin);
    release(&c);
    compile(&c, "scene s { h = 0.1; steps = 1; formulation = summation; epsilon = 0.25; }\n"
                "body p particle { mass = 1; }\n", "s");
    CHECK(c.ok && c.p.epsilon == 0.25, "explicit epsilon %g", c.p.epsilon);
    release(&c);
}

/* ---- 4. the header -------------------------------------------------------- */

static char *slurp(const char *path) {
    FILE *f = fopen(path, "rb");
    char *s;
    long n;
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    rewind(f);
    s = malloc((size_t)n + 1);
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
        free(s);
        s = NULL;
    }
    if (s)
        s[n] = '\0';
    fclose(f);
    return s;
}

/* The value of "#define NAME VALUE[ comment]" in text, or NULL (static). */
static const char *macro(const char *text, const char *name) {
    static char v[256];
    char key[128];
    const char *at;
    size_t n;
    snprintf(key, sizeof key, "\n#define %s ", name);
    if (!text || !(at = strstr(text, key)))
        return NULL;
    at += strlen(key);
    n = strcspn(at, "\n");
    if (n >= sizeof v)
        n = sizeof v - 1;
    memcpy(v, at, n);
    v[n] = '\0';
    if (strstr(v, " /*"))
        *strstr(v, " /*") = '\0';
    return v;
}

static int count_files(const char *dir) {
    DIR *d = opendir(dir);
    struct dirent *e;
    int n = 0;
    if (!d)
        return -1;
    while ((e = readdir(d)) != NULL)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

/* Removes the files in dir (a directory of this test's own). */
static void clear(const char *dir) {
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[1024];
    if (!d)
        return;
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            remove(path);
        }
    closedir(d);
}

/* Emits src with prefix into dir as ncsc does: the pipeline of the
 * commands (parse with the semantic checks, geometry, plan, emit), which
 * stops at the first stage that reports an error. Returns the status of
 * the plan and the emitter, or -1 when the scene does not get that far. */
static int emit(const char *src, const char *prefix, const char *dir) {
    ncs_compile_options o = ncs_compile_defaults();
    ncs_compile_unit u;
    int rc;
    ncs_compile_init(&u, "t.ncs", src, strlen(src));
    u.d.out = sink;
    o.emit.outdir = dir;
    o.emit.prefix = prefix;
    rc = ncs_compile(&u, &o, NCS_STAGE_GEOMETRY);
    if (rc == 0)
        rc = ncs_compile(&u, &o, NCS_STAGE_EMIT);
    else
        rc = -1;
    ncs_compile_free(&u);
    return rc;
}

static void test_header(const char *work, const char *units_src) {
    char dir[512], path[600];
    char *h;
    const char *v;
    compiled c;
    static const char *old[] = {"UNITS_CAPACITY", "UNITS_ACT_WORDS", "UNITS_WS_DOUBLES",
                                "UNITS_H", "UNITS_GAMMA", "UNITS_EPSILON"};
    size_t i;
    snprintf(dir, sizeof dir, "%s/header", work);
    mkdir(dir, 0777);
    clear(dir);
    CHECK(emit(units_src, NULL, dir) == 0, "%s", "scenes/units.ncs does not compile");
    snprintf(path, sizeof path, "%s/units.h", dir);
    h = slurp(path);
    CHECK(h != NULL, "no %s", path);
    compile(&c, units_src, "units");
    CHECK(c.ok, "%s", "no plan");
    if (!h || !c.ok)
        goto done;
#define WANT(name, value)                                                                   \
    CHECK((v = macro(h, name)) && !strcmp(v, value), "%s is '%s', want '%s'", name,        \
          v ? v : "(missing)", value)
    WANT("UNITS_NBODIES", "2");
    WANT("UNITS_BODY_BALL", "0");
    WANT("UNITS_BODY_WHEEL", "1");
    WANT("UNITS_STEPS", "3");
    WANT("UNITS_TIME_STEP", "0.01");
    WANT("UNITS_FORMULATION", "NCS_FORM_MAX");
    WANT("UNITS_NFRIC", "0");
    {
        char num[32];
        const char *names[] = {"UNITS_MAX_PAIRS", "UNITS_MAX_SIDES", "UNITS_MAX_CONTACTS",
                               "UNITS_MAX_GROUPS", "UNITS_MAX_M"};
        int vals[] = {c.p.size.pairs, c.p.size.srefs, c.p.size.contacts, c.p.size.groups,
                      c.p.size.m};
        for (i = 0; i < 5; i++) {
            snprintf(num, sizeof num, "%d", vals[i]);
            WANT(names[i], num);
        }
    }
    WANT("UNITS_STATE_BYTES", "(sizeof(ncs_world) + sizeof(ncs_mem_unit) * UNITS_MEM_UNITS)");
#undef WANT
    for (i = 0; i < sizeof old / sizeof old[0]; i++)
        CHECK(macro(h, old[i]) == NULL, "the old macro %s is still there", old[i]);
done:
    free(h);
    release(&c);
}

/* The same scene compiled at build time: test_units_gen.c (a file of its
 * own, since unitgen.h's runtime tables and the compiler's share names).
 * Returns its failures. */
int test_units_generated(void);

static void test_generated(void) {
    CHECK(test_units_generated() == 0, "%s", "the scene compiled at build time (above)");
}

/* ---- 5. a failed compile writes nothing --------------------------------- */

static void test_failures(const char *work, const char *units_src) {
    char dir[512], missing[600];
    snprintf(dir, sizeof dir, "%s/fail", work);
    mkdir(dir, 0777);
    clear(dir);
    CHECK(count_files(dir) == 0, "%s is not empty", dir);
    CHECK(emit(units_src, "1bad", dir) == 1, "%s", "a prefix that is no C identifier");
    CHECK(count_files(dir) == 0, "%d files after a bad prefix", count_files(dir));
    CHECK(emit(units_src, "p2345678901234567890123456789012345678901234567890123456789012345",
               dir) == 1, "%s", "a prefix of 65 characters");
    CHECK(count_files(dir) == 0, "%d files after a long prefix", count_files(dir));
    /* a scene error (1/h not finite): the semantic checks stop it */
    CHECK(emit("scene s { h = 1e-320; steps = 1; }\n"
               "obstacle o polygon { outer (0, 0) (1e300, 0) (1e300, 1) (0, 1); }\n"
               "body p particle { mass = 1; position = (0, 2); }\n", "s", dir) == -1,
          "%s", "a scene whose constants are not finite");
    CHECK(count_files(dir) == 0, "%d files after a scene error", count_files(dir));
    snprintf(missing, sizeof missing, "%s/no/such/dir", work);
    CHECK(emit(units_src, "u", missing) == 2, "%s", "a missing output directory");
    CHECK(count_files(missing) == -1, "%s", "the missing directory was created");
    CHECK(emit(units_src, "u", dir) == 0, "%s", "the good compile");
    CHECK(count_files(dir) == 3, "%d files after a good compile, want u.h, u.c, u_main.c",
          count_files(dir));
}

int main(int argc, char **argv) {
    char *units_src;
    if (argc != 3) {
        fprintf(stderr, "usage: codegen_test_units WORKDIR SCENE\n");
        return 2;
    }
    sink = getenv("TEST_VERBOSE") ? stderr : tmpfile();
    mkdir(argv[1], 0777);
    units_src = slurp(argv[2]);
    if (!sink || !units_src) {
        fprintf(stderr, "codegen_test_units: cannot read %s\n", argv[2]);
        return 2;
    }
    test_literals();
    test_rows();
    test_constants(units_src);
    test_header(argv[1], units_src);
    test_generated();
    test_failures(argv[1], units_src);
    free(units_src);
    return CHECK_DONE();
}
