/* emit_main.c - writes <prefix>_main.c: the standalone simulator with
 * --steps, --csv, --svg, --dump-lcp, --check / --no-check, --quiet and --help,
 * and the scene's expectations compiled into checks (evaluated by default). */
#include <stdio.h>
#include <string.h>
#include "emit_plan.h"
#include "emit_rigid.h"
#include "emit_sim.h"

/* Appends `s` as the inside of a C string literal. */
static void str_lit(ncs_buf *o, const char *s) {
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            ncs_buf_printf(o, "\\%c", c);
        else if (c < 32 || c > 126)
            ncs_buf_printf(o, "\\%03o", c);
        else if (c == '?')
            ncs_buf_printf(o, "\\?"); /* no trigraphs */
        else
            ncs_buf_printf(o, "%c", c);
    }
}

static const char *coord_name(int c) {
    static const char *const n[] = {"x", "y", "theta", "vx", "vy", "omega"};
    return c >= 0 && c < 6 ? n[c] : "?";
}

/* Human-readable text of expectation e (as in the scene, %g numbers). */
static void describe(const ncs_scene *s, const ncs_expect *e, char *out, size_t n) {
    char when[64];
    const char *bn = e->body >= 0 ? s->bodies[e->body].name : "";
    if (e->step == NCS_STEP_END)
        snprintf(when, sizeof when, " at end");
    else if (e->step == NCS_STEP_EVERY)
        snprintf(when, sizeof when, " at every step");
    else
        snprintf(when, sizeof when, " at step %d", e->step);
    switch (e->kind) {
    case NCS_EXPECT_POSITION:
    case NCS_EXPECT_VELOCITY:
        snprintf(out, n, "%s.%s%s == (%g, %g) within %g", bn,
                 e->kind == NCS_EXPECT_POSITION ? "position" : "velocity", when,
                 e->value.x, e->value.y, e->tol);
        break;
    case NCS_EXPECT_VALUE:
        snprintf(out, n, "%s.%s%s == %g within %g", bn, coord_name(e->coord), when,
                 e->scalar, e->tol);
        break;
    case NCS_EXPECT_BOUND:
        snprintf(out, n, "%s.%s %s %g%s (slack %g)", bn, coord_name(e->coord),
                 e->op == NCS_CMP_LE ? "<=" : ">=", e->scalar, when, e->tol);
        break;
    case NCS_EXPECT_NO_PENETRATION:
        snprintf(out, n, "no penetration within %g", e->tol);
        break;
    default:
        snprintf(out, n, "every step solved");
        break;
    }
}

static const char *const Head1 =
    "#if !defined(_POSIX_C_SOURCE) && (defined(__unix__) || defined(__APPLE__))\n"
    "#define _POSIX_C_SOURCE 200809L /* isatty, fileno: the progress bar */\n"
    "#endif\n"
    "#include <errno.h>\n"
    "#include <math.h>\n"
    "#include <stdarg.h>\n"
    "#include <stdio.h>\n"
    "#include <stdlib.h>\n"
    "#include <string.h>\n"
    "#if defined(__unix__) || defined(__APPLE__)\n"
    "#include <sys/stat.h>\n"
    "#include <unistd.h>\n"
    "#define IS_TTY(f) isatty(fileno(f))\n"
    "#define MAKE_DIR(d) mkdir(d, 0777)\n"
    "#elif defined(_WIN32)\n"
    "#include <direct.h>\n"
    "#define IS_TTY(f) 0\n"
    "#define MAKE_DIR(d) _mkdir(d)\n"
    "#else\n"
    "#define IS_TTY(f) 0\n"
    "#define MAKE_DIR(d) (errno = ENOSYS, -1)\n"
    "#endif\n"
    "#include \"ncs/lcp_dat.h\"\n"
    "#include \"@.h\"\n\n";

static const char *const Head2 =
    "/* Where LCPs are written: every solve into `dir` (--dump-lcp), else only\n"
    " * a failed one into the working directory; the last file written and\n"
    " * the failed solve's file (for messages). */\n"
    "typedef struct dump_ctx {\n"
    "    const char *dir;\n"
    "    int failed;\n"
    "    char last[4096];\n"
    "    char fail_file[4096];\n"
    "    char zline[26 * $_MAX_M + 16];\n"
    "} dump_ctx;\n\n"
    "static void dump_hook(void *ctx, long step, int body, const ncs_layout *L, int m,\n"
    "                      const double *B, const double *b, const double *z, int st) {\n"
    "    dump_ctx *d = (dump_ctx *)ctx;\n"
    "    const char *dir = d->dir ? d->dir : \".\";\n"
    "    const char *stem = d->dir ? \"step\" : \"@-fail-step\";\n"
    "    int n, r, at;\n"
    "    if (!d->dir && st == 0)\n"
    "        return;\n"
    "    at = snprintf(d->zline, sizeof d->zline, \"ncs-z: status=%d\", st);\n"
    "    for (r = 0; r < m && at > 0 && (size_t)at < sizeof d->zline; r++)\n"
    "        at += snprintf(d->zline + at, sizeof d->zline - (size_t)at, \" %.17g\", z[r]);\n"
    "    if ($_NBODIES == 1)\n"
    "        n = snprintf(d->last, sizeof d->last, \"%s/%s-%06ld.dat\", dir, stem, step);\n"
    "    else\n"
    "        n = snprintf(d->last, sizeof d->last, \"%s/%s-%06ld-b%d.dat\", dir, stem, step,\n"
    "                     body);\n"
    "    if (n < 0 || (size_t)n >= sizeof d->last || ncs_lcp_write_dat(d->last, m, B, m, b, L,\n"
    "                                                    d->zline) != 0) {\n"
    "        if (!d->failed)\n"
    "            fprintf(stderr, \"%s: cannot write '%s': %s\\n\", scene_file, d->last,\n"
    "                    strerror(errno));\n"
    "        d->failed = 1;\n"
    "    } else if (st != 0) {\n"
    "        memcpy(d->fail_file, d->last, sizeof d->last);\n"
    "    }\n"
    "}\n\n"
;

static const char *const MakeDirs =
    "/* Creates directory `dir` and its missing parents (--dump-lcp). Returns 0,\n"
    " * or -1 after saying why on stderr. */\n"
    "static int make_dirs(const char *prog, const char *dir) {\n"
    "    char path[4096];\n"
    "    size_t i, n = strlen(dir);\n"
    "    if (n == 0 || n >= sizeof path) {\n"
    "        fprintf(stderr, \"%s: bad --dump-lcp directory '%s'\\n\", prog, dir);\n"
    "        return -1;\n"
    "    }\n"
    "    memcpy(path, dir, n + 1);\n"
    "    for (i = 1; i <= n; i++)\n"
    "        if (path[i] == '/' || path[i] == '\\0') {\n"
    "            char c = path[i];\n"
    "            path[i] = '\\0';\n"
    "            if (MAKE_DIR(path) != 0 && errno != EEXIST) {\n"
    "                fprintf(stderr, \"%s: cannot create '%s': %s\\n\", prog, path,\n"
    "                        strerror(errno));\n"
    "                return -1;\n"
    "            }\n"
    "            path[i] = c;\n"
    "        }\n"
    "    return 0;\n"
    "}\n\n";

static const char *const Coord =
    "static double coord(const @_state *s, int body, int c) {\n"
    "    switch (c) {\n"
    "    case 0: return s->q[body][0];\n"
    "    case 1: return s->q[body][1];\n"
    "    case 2: return s->q[body][2];\n"
    "    case 3: return s->v[body][0];\n"
    "    case 4: return s->v[body][1];\n"
    "    default: return s->v[body][2];\n"
    "    }\n"
    "}\n\n";

static const char *const Head3 =
    "/* Reports expectation i as failed (once). */\n"
    "static void fail(int *failed, int i, const char *fmt, ...) {\n"
    "    va_list ap;\n"
    "    if (failed[i])\n"
    "        return;\n"
    "    failed[i] = 1;\n"
    "    fprintf(stderr, \"%s:%d: expectation failed: %s: \", scene_file, expect_line[i],\n"
    "            expect_text[i]);\n"
    "    va_start(ap, fmt);\n"
    "    vfprintf(stderr, fmt, ap);\n"
    "    va_end(ap);\n"
    "    fputc('\\n', stderr);\n"
    "}\n\n"
    "/* One CSV row per body after step `step`; status is the body's solver\n"
    " * status in that step (ncs_lcp_status_name: \"solved\"), or \"none\" when\n"
    " * no LCP was solved (no contact near, or step 0); solves: the LCP solves\n"
    " * of its island in the step (STEP_SOLVES). */\n"
    "static void csv_rows(FILE *f, const @_state *s, long step) {\n"
    "    int b;\n"
    "    for (b = 0; b < $_NBODIES; b++) {\n"
    "        @_info in = @_body_info(s, b);\n"
    "        if (step == 0)\n"
    "            in.status = in.pivots = in.m = 0;\n"
    "        fprintf(f, \"%ld,%.17g,%s,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%s,%d,%d,%d\\n\",\n"
    "                step, (double)step * $_H, @_body_name(b), s->q[b][0], s->q[b][1],\n"
    "                s->q[b][2], s->v[b][0], s->v[b][1], s->v[b][2],\n"
    "                in.m > 0 ? ncs_lcp_status_name(in.lcp_status) : \"none\", in.pivots, in.m,\n"
    "                in.m > 0 ? STEP_SOLVES(in) : 0);\n"
    "    }\n"
    "}\n\n";

static const char *const UsageHead =
    "static void usage(FILE *f) {\n"
    "    fprintf(f, \"usage: %s [--steps N] [--csv FILE|-] [--svg FILE] [--dump-lcp DIR]\"\n";

/* The rigid-body path's options in the synopsis line. */
static const char *const UsageFixHead =
    "               \" [--fixpoint N] [--fixpoint-tol D]\"\n";

static const char *const Usage =
    "               \" [--check] [--no-check] [--quiet] [--help]\\n\"\n"
    "               \"Simulates scene '%s' (%d steps of %g s by default).\\n\"\n"
    "               \"  --steps N       run N steps instead\\n\"\n"
    "               \"  --csv FILE|-    write a header line, then one row per body and step:\\n\"\n"
    "               \"                  step,t,body,x,y,theta,vx,vy,omega,status,pivots,m,\\n\"\n"
    "               \"                  solves\\n\"\n"
    "               \"                  status: the body's solver status in the step\\n\"\n"
    "               \"                  (\\\"solved\\\", or \\\"none\\\" when no LCP was solved: no\\n\"\n"
    "               \"                  contact near, or step 0); pivots and LCP size m\\n\"\n"
    "               \"                  of that solve; solves: LCP solves of the body's\\n\"\n"
    "               \"                  island in the step (more than 1 only with the\\n\"\n"
    "               \"                  fixpoint iteration). A failed step writes no row.\\n\"\n"
    "               \"  --svg FILE      draw the obstacles, every body's trajectory and the\\n\"\n"
    "               \"                  bodies at t = 0, T/4, T/2, 3T/4 and T as outlines\\n\"\n"
    "               \"                  labelled with their time\\n\"\n"
    "               \"  --dump-lcp DIR  write each step's LCP as DIR/step-NNNNNN.dat, or\\n\"\n"
    "               \"                  DIR/step-NNNNNN-bI.dat (body I) when the scene has\\n\"\n"
    "               \"                  several bodies; DIR is created when missing\\n\"\n"
    "               \"  --check         evaluate the scene's expectations (the default); on\\n\"\n"
    "               \"                  failure name each failed one as FILE:LINE and exit 1\\n\"\n"
    "               \"  --no-check      do not evaluate the expectations\\n\"\n"
    "               \"  --quiet         no summary and no progress bar (the summary on\\n\"\n"
    "               \"                  stderr: steps, steps with contacts and the mean and\\n\"\n"
    "               \"                  largest LCP solves per such step, final positions)\\n\"\n"
    ;

/* The rigid-body path's options (emit_rigid.c: @_set_fixpoint). */
static const char *const UsageFix =
    "               \"  --fixpoint N    at most N LCP solves per step: the fixpoint\\n\"\n"
    "               \"                  iteration (docs/rigid.md; default 1: off)\\n\"\n"
    "               \"  --fixpoint-tol D  iterate while the predicted end-of-step\\n\"\n"
    "               \"                  penetration exceeds D (default %g)\\n\"\n";

static const char *const Usage2 =
    "               \"  --help          show this help\\n\"\n"
    "               \"A failed step stops the run: the message names the step, the status\\n\"\n"
    "               \"and the file its LCP was written to (./%s-fail-step-NNNNNN.dat, or the\\n\"\n"
    "               \"--dump-lcp directory). Exit status: 0 ok, 1 failed step, expectation\\n\"\n"
    "               \"or output, 2 bad usage.\\n\",\n"
    "            \"@\", scene_name, $_STEPS, $_H, FIX_USAGE_ARG \"@\");\n"
    "}\n\n";

static const char *const Main1 =
    "/* Draws a progress bar for step n of `steps` on stderr. */\n"
    "static void progress(long n, long steps) {\n"
    "    char bar[41];\n"
    "    int i, fill = (int)(40.0 * (double)n / (double)steps);\n"
    "    for (i = 0; i < 40; i++)\n"
    "        bar[i] = i < fill ? '#' : '.';\n"
    "    bar[40] = '\\0';\n"
    "    fprintf(stderr, \"\\r%s [%s] %3d%% step %ld/%ld\", scene_name, bar,\n"
    "            (int)(100.0 * (double)n / (double)steps), n, steps);\n"
    "}\n\n"
    "/* Copies the configurations of every body into record k of traj. */\n"
    "static void record(double *traj, long k, const @_state *s) {\n"
    "    int b, c;\n"
    "    if (!traj)\n"
    "        return;\n"
    "    for (b = 0; b < $_NBODIES; b++)\n"
    "        for (c = 0; c < 3; c++)\n"
    "            traj[(k * $_NBODIES + b) * 3 + c] = (double)s->q[b][c];\n"
    "}\n\n"
    "int main(int argc, char **argv) {\n"
    "    static @_state st;\n"
    "    static dump_ctx dump;\n"
    "    int failed[NEXPECT + 1], reached[NEXPECT + 1];\n"
    "    long steps = $_STEPS, n, tick = 0;\n"
    "    const char *csv = NULL, *svg = NULL;\n"
    "    double *traj = NULL;\n"
    "    FILE *cf = NULL;\n"
    "    int check = 1, quiet = 0, bar = 0, i, rc = 0, status = $_STEP_OK, most = 0;\n"
    "    long fix_iters = 0, contact_steps = 0, solves = 0;\n"
    "    double fix_tol = -1.0;\n"
    "    memset(failed, 0, sizeof failed);\n"
    "    memset(reached, 0, sizeof reached);\n"
    "    for (i = 1; i < argc; i++) {\n"
    "        if (!strcmp(argv[i], \"--steps\") && i + 1 < argc) {\n"
    "            char *end;\n"
    "            errno = 0;\n"
    "            steps = strtol(argv[++i], &end, 10);\n"
    "            if (*end || end == argv[i] || steps < 0 || errno) {\n"
    "                fprintf(stderr, \"%s: bad --steps value '%s'\\n\", argv[0], argv[i]);\n"
    "                return 2;\n"
    "            }\n"
    "        } else if (!strcmp(argv[i], \"--csv\") && i + 1 < argc) {\n"
    "            csv = argv[++i];\n"
    "        } else if (!strcmp(argv[i], \"--svg\") && i + 1 < argc) {\n"
    "            svg = argv[++i];\n"
    "        } else if (!strcmp(argv[i], \"--dump-lcp\") && i + 1 < argc) {\n"
    "            dump.dir = argv[++i];\n"
    "        } else if (!strcmp(argv[i], \"--check\") || !strcmp(argv[i], \"--no-check\")) {\n"
    "            check = argv[i][2] == 'c'; /* expectations are checked by default */\n"
    "        } else if (!strcmp(argv[i], \"--quiet\")) {\n"
    "            quiet = 1;\n"
    "        } else if (FIX_OPTIONS && !strcmp(argv[i], \"--fixpoint\") && i + 1 < argc) {\n"
    "            char *end;\n"
    "            errno = 0;\n"
    "            fix_iters = strtol(argv[++i], &end, 10);\n"
    "            if (*end || end == argv[i] || fix_iters < 1 || fix_iters > 1000 || errno) {\n"
    "                fprintf(stderr, \"%s: bad --fixpoint value '%s' (1 to 1000)\\n\", argv[0],\n"
    "                        argv[i]);\n"
    "                return 2;\n"
    "            }\n"
    "        } else if (FIX_OPTIONS && !strcmp(argv[i], \"--fixpoint-tol\") && i + 1 < argc) {\n"
    "            char *end;\n"
    "            errno = 0;\n"
    "            fix_tol = strtod(argv[++i], &end);\n"
    "            if (*end || end == argv[i] || !(fix_tol >= 0.0) || errno) {\n"
    "                fprintf(stderr, \"%s: bad --fixpoint-tol value '%s'\\n\", argv[0], argv[i]);\n"
    "                return 2;\n"
    "            }\n"
    "        } else if (!strcmp(argv[i], \"--help\")) {\n"
    "            usage(stdout);\n"
    "            return 0;\n"
    "        } else {\n"
    "            fprintf(stderr, \"%s: unknown or incomplete option '%s'\\n\", argv[0], argv[i]);\n"
    "            fprintf(stderr, \"Try '%s --help' for more information.\\n\", argv[0]);\n"
    "            return 2;\n"
    "        }\n"
    "    }\n"
    ;

static const char *const Main1b =
    "    if (@_init(&st) != 0) {\n"
    "        fprintf(stderr, \"%s: the runtime rejected the LCP workspace\\n\", scene_file);\n"
    "        return 1;\n"
    "    }\n"
    "    if (dump.dir && make_dirs(argv[0], dump.dir) != 0)\n"
    "        return 1;\n"
    "    @_set_lcp_hook(&st, dump_hook, &dump);\n"
    "    SET_FIXPOINT(&st, fix_iters, fix_tol);\n"
    "    if (svg) {\n"
    "        if ((unsigned long)steps >= (unsigned long)-1 / (3 * sizeof(double) * $_NBODIES) ||\n"
    "            !(traj = (double *)malloc((size_t)(steps + 1) * 3 * sizeof(double) *\n"
    "                                      $_NBODIES))) {\n"
    "            fprintf(stderr, \"%s: no memory for the trajectory of %ld steps (--svg)\\n\",\n"
    "                    argv[0], steps);\n"
    "            return 1;\n"
    "        }\n"
    "        record(traj, 0, &st);\n"
    "    }\n"
    "    if (csv) {\n"
    "        cf = strcmp(csv, \"-\") ? fopen(csv, \"w\") : stdout;\n"
    "        if (!cf) {\n"
    "            fprintf(stderr, \"%s: cannot open '%s': %s\\n\", argv[0], csv, strerror(errno));\n"
    "            free(traj);\n"
    "            return 1;\n"
    "        }\n"
    "        fprintf(cf, \"step,t,body,x,y,theta,vx,vy,omega,status,pivots,m,solves\\n\");\n"
    "        csv_rows(cf, &st, 0);\n"
    "    }\n"
    "    bar = !quiet && steps >= 2000 && IS_TTY(stderr);\n"
    "    if (check)\n"
    "        check_state(&st, 0, steps == 0, failed, reached);\n";

static const char *const Main2 =
    "    for (n = 1; n <= steps; n++) {\n"
    "        status = @_step(&st);\n"
    "        if (status != $_STEP_OK) {\n"
    "            @_info in = @_last_info(&st);\n"
    "            if (bar)\n"
    "                fputc('\\n', stderr);\n"
    "            fprintf(stderr, \"%s: step %ld failed: %s (body %s\", scene_file, n,\n"
    "                    status == $_STEP_CAPACITY ? \"capacity exceeded\" : \"LCP not solved\",\n"
    "                    @_body_name(in.body));\n"
    "            if (status == $_STEP_LCP_FAILED)\n"
    "                fprintf(stderr, \", solver status %s\", ncs_lcp_status_name(in.lcp_status));\n"
    "            fprintf(stderr, \")\");\n"
    "            if (status == $_STEP_LCP_FAILED && dump.fail_file[0])\n"
    "                fprintf(stderr, \"; its LCP was written to %s\", dump.fail_file);\n"
    "            fprintf(stderr, \"\\n\");\n"
    "            rc = 1;\n"
    "            break;\n"
    "        }\n"
    "        {\n"
    "            @_info in = @_last_info(&st);\n"
    "            int k = in.m > 0 ? STEP_SOLVES(in) : 0;\n"
    "            if (k > 0)\n"
    "                contact_steps++;\n"
    "            solves += k;\n"
    "            if (k > most)\n"
    "                most = k;\n"
    "        }\n"
    "        record(traj, n, &st);\n"
    "        if (cf)\n"
    "            csv_rows(cf, &st, n);\n"
    "        if (check)\n"
    "            check_state(&st, n, n == steps, failed, reached);\n"
    "        if (bar && (n == steps || n * 100 / steps != tick)) {\n"
    "            tick = n * 100 / steps;\n"
    "            progress(n, steps);\n"
    "        }\n"
    "    }\n"
    "    if (bar && status == $_STEP_OK)\n"
    "        fputc('\\n', stderr);\n"
    "    if (check) {\n"
    "        for (i = 0; i < NEXPECT; i++) {\n"
    "            if (expect_kind[i] == 5 && status != $_STEP_OK)\n"
    "                fail(failed, i, \"step %ld was not solved\", n);\n"
    "            else if (expect_step[i] != 0 && expect_kind[i] < 4 && !reached[i])\n"
    "                fail(failed, i, \"not reached: the run ended after step %ld\", st.step);\n"
    "            if (failed[i])\n"
    "                rc = 1;\n"
    "        }\n"
    "    }\n"
    "    if (dump.failed)\n"
    "        rc = 1;\n"
    "    if (cf && cf != stdout && fclose(cf) != 0) {\n"
    "        fprintf(stderr, \"%s: error writing '%s'\\n\", argv[0], csv);\n"
    "        rc = 1;\n"
    "    }\n"
    "    if (svg && write_svg(svg, traj, st.step + 1, status != $_STEP_OK ? n : 0) != 0)\n"
    "        rc = 1;\n"
    "    free(traj);\n"
    "    if (!quiet) {\n"
    "        fprintf(stderr, \"%s: %ld steps (%ld with contacts; LCP solves per such step: \"\n"
    "                \"mean %.3f, max %d)\", scene_name, st.step, contact_steps,\n"
    "                contact_steps > 0 ? (double)solves / (double)contact_steps : 0.0, most);\n"
    "        for (i = 0; i < $_NBODIES; i++)\n"
    "            fprintf(stderr, \"; %s at (%.17g, %.17g)\", @_body_name(i), st.q[i][0],\n"
    "                    st.q[i][1]);\n"
    "        fprintf(stderr, \"%s\\n\", check ? (rc ? \"; expectations FAILED\" : \"; expectations passed\") : \"\");\n"
    "    }\n"
    "    return rc;\n"
    "}\n";

/* Emits check_state(): every expectation evaluated after step `step`. */
static void emit_checks(const ncs_plan *p, ncs_buf *o) {
    const ncs_scene *s = p->s;
    int i;
    ncs_buf_tpl(o,
        "/* Evaluates the expectations after step `step` (0 = initial state). */\n"
        "static void check_state(const @_state *s, long step, int at_end, int *failed,\n"
        "                        int *reached) {\n"
        "    double xy[2];\n"
        "    int b;\n"
        "    (void)s; (void)step; (void)at_end; (void)failed; (void)reached; (void)xy;\n"
        "    (void)b;\n");
    for (i = 0; i < s->nexpects; i++) {
        const ncs_expect *e = &s->expects[i];
        char when[96];
        if (e->step == NCS_STEP_END)
            snprintf(when, sizeof when, "at_end");
        else if (e->step == NCS_STEP_EVERY)
            snprintf(when, sizeof when, "1");
        else
            snprintf(when, sizeof when, "step == %d", e->step);
        switch (e->kind) {
        case NCS_EXPECT_POSITION:
        case NCS_EXPECT_VELOCITY:
            ncs_buf_printf(o, "    if (%s) {\n        reached[%d] = 1;\n", when, i);
            ncs_buf_tpl(o, e->kind == NCS_EXPECT_POSITION ? "        @_position(s, "
                                                           : "        @_velocity(s, ");
            ncs_buf_printf(o, "%d, xy);\n        if (!(fabs(xy[0] - ", e->body);
            ncs_buf_num(o, e->value.x);
            ncs_buf_printf(o, ") <= ");
            ncs_buf_num(o, e->tol);
            ncs_buf_printf(o, " && fabs(xy[1] - ");
            ncs_buf_num(o, e->value.y);
            ncs_buf_printf(o, ") <= ");
            ncs_buf_num(o, e->tol);
            ncs_buf_printf(o, "))\n            fail(failed, %d, \"got (%%.17g, %%.17g) at step "
                              "%%ld\", xy[0], xy[1], step);\n    }\n", i);
            break;
        case NCS_EXPECT_VALUE:
            ncs_buf_printf(o, "    if (%s) {\n        reached[%d] = 1;\n", when, i);
            ncs_buf_printf(o, "        if (!(fabs(coord(s, %d, %d) - ", e->body, e->coord);
            ncs_buf_num(o, e->scalar);
            ncs_buf_printf(o, ") <= ");
            ncs_buf_num(o, e->tol);
            ncs_buf_printf(o, "))\n            fail(failed, %d, \"got %%.17g at step %%ld\", "
                              "coord(s, %d, %d), step);\n    }\n", i, e->body, e->coord);
            break;
        case NCS_EXPECT_BOUND:
            ncs_buf_printf(o, "    if (%s) {\n        reached[%d] = 1;\n", when, i);
            ncs_buf_printf(o, "        if (!(coord(s, %d, %d) %s ", e->body, e->coord,
                           e->op == NCS_CMP_LE ? "<=" : ">=");
            ncs_buf_num(o, e->op == NCS_CMP_LE ? e->scalar + e->tol : e->scalar - e->tol);
            ncs_buf_printf(o, "))\n            fail(failed, %d, \"got %%.17g at step %%ld\", "
                              "coord(s, %d, %d), step);\n    }\n", i, e->body, e->coord);
            break;
        case NCS_EXPECT_NO_PENETRATION:
            ncs_buf_printf(o, "    reached[%d] = 1;\n", i);
            ncs_buf_tpl(o, "    for (b = 0; b < $_NBODIES; b++)\n"
                           "        if (!(@_penetration(s, b) <= ");
            ncs_buf_num(o, e->tol);
            ncs_buf_printf(o, "))\n            fail(failed, %d, \"%%s is %%.17g deep at step "
                              "%%ld\", ", i);
            ncs_buf_tpl(o, "@_body_name(b), @_penetration(s, b), step);\n");
            break;
        default:
            ncs_buf_printf(o, "    reached[%d] = 1;\n", i);
            break;
        }
    }
    ncs_buf_printf(o, "}\n\n");
}

void ncs_emit_main(const ncs_plan *p, ncs_buf *o) {
    const ncs_scene *s = p->s;
    char text[512];
    int i;
    ncs_buf_tpl(o, "/* @_main.c - standalone simulator for scene '");
    ncs_buf_printf(o, "%s'. Generated by ncsc; do not edit. */\n", s->name);
    ncs_buf_tpl(o, Head1);
    ncs_buf_printf(o, "static const char scene_file[] = \"");
    str_lit(o, s->file ? s->file : "");
    ncs_buf_printf(o, "\";\nstatic const char scene_name[] = \"");
    str_lit(o, s->name);
    ncs_buf_printf(o, "\";\n\n#define NEXPECT %d\n", s->nexpects);
    ncs_buf_printf(o, "/* Expectations: source line, kind, step, text. */\n"
                      "static const int expect_line[NEXPECT + 1] = {");
    for (i = 0; i < s->nexpects; i++)
        ncs_buf_printf(o, "%d, ", s->expects[i].loc.line);
    ncs_buf_printf(o, "0};\nstatic const int expect_kind[NEXPECT + 1] = {");
    for (i = 0; i < s->nexpects; i++)
        ncs_buf_printf(o, "%d, ", s->expects[i].kind);
    ncs_buf_printf(o, "0};\nstatic const int expect_step[NEXPECT + 1] = {");
    for (i = 0; i < s->nexpects; i++)
        ncs_buf_printf(o, "%d, ", s->expects[i].step);
    ncs_buf_printf(o, "0};\nstatic const char *const expect_text[NEXPECT + 1] = {\n");
    for (i = 0; i < s->nexpects; i++) {
        describe(s, &s->expects[i], text, sizeof text);
        ncs_buf_printf(o, "    \"");
        str_lit(o, text);
        ncs_buf_printf(o, "\",\n");
    }
    ncs_buf_printf(o, "    \"\"};\n\n");
    ncs_buf_tpl(o, Head2);
    ncs_buf_tpl(o, MakeDirs);
    for (i = 0; i < s->nexpects; i++)
        if (s->expects[i].kind == NCS_EXPECT_VALUE || s->expects[i].kind == NCS_EXPECT_BOUND)
            break;
    if (i < s->nexpects)
        ncs_buf_tpl(o, Coord);
    if (ncs_rigid_wanted(s))
        ncs_buf_tpl(o, "/* LCP solves of an island in the step (fixpoint iteration). */\n"
                       "#define STEP_SOLVES(in) ((in).iters)\n"
                       "#define FIX_OPTIONS 1\n"
                       "#define FIX_USAGE_ARG $_FIXPOINT_TOL,\n"
                       "#define SET_FIXPOINT(s, n, tol) \\\n"
                       "    @_set_fixpoint(s, (n) > 0 ? (int)(n) : (s)->fix_iters, \\\n"
                       "                   (tol) >= 0.0 ? (tol) : (s)->fix_tol)\n\n");
    else
        ncs_buf_tpl(o, "/* One LCP per body, no fixpoint iteration. */\n"
                       "#define STEP_SOLVES(in) 1\n"
                       "#define FIX_OPTIONS 0\n"
                       "#define FIX_USAGE_ARG\n"
                       "#define SET_FIXPOINT(s, n, tol) ((void)(n), (void)(tol))\n\n");
    ncs_buf_tpl(o, Head3);
    ncs_emit_main_svg(p, o);
    emit_checks(p, o);
    ncs_buf_tpl(o, UsageHead);
    if (ncs_rigid_wanted(s))
        ncs_buf_tpl(o, UsageFixHead);
    ncs_buf_tpl(o, Usage);
    if (ncs_rigid_wanted(s))
        ncs_buf_tpl(o, UsageFix);
    ncs_buf_tpl(o, Usage2);
    ncs_buf_tpl(o, Main1);
    ncs_buf_tpl(o, Main1b);
    ncs_buf_tpl(o, Main2);
}
