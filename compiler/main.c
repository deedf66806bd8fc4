/* main.c - the ncsc driver: options, reading the file, running the stages.
 *
 * Exit status: 0 success, 1 errors in the input, 2 usage or I/O errors
 * (running out of memory included).
 * The subcommand `ncsc run` (run.c) dispatches in main() before the
 * compile options are parsed.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "emit.h"
#include "geom.h"
#include "parse.h"
#include "run.h"
#include "web.h"

#ifndef NCS_VERSION
#define NCS_VERSION "unknown"
#endif

enum { EXIT_INPUT = 1, EXIT_USAGE = 2 };

/** Everything the command line asked for. */
typedef struct cli {
    const char *file;       /* input path, "-" = stdin */
    const char *outdir;     /* -o DIR */
    const char *svg;        /* --svg-groups FILE */
    const char *formulation;/* --formulation NAME */
    int check;              /* --check */
    int dump_ast;           /* --dump-ast */
    int dump_groups;        /* --dump-groups */
    ncs_emit_options emit;  /* --prefix, --target, --real */
    ncs_geom_options geom;  /* --decomp */
} cli;

static const char usage_text[] =
    "Usage: ncsc [options] FILE.ncs -o DIR\n"
    "       ncsc --check FILE.ncs\n"
    "       ncsc run [options] FILE.ncs [simulator options]  (see ncsc run --help)\n"
    "       ncsc view [options] FILE.ncs -o PAGE.html  (see ncsc view --help)\n"
    "Compile a 2D nonconvex scene into a specialised C time-stepper.\n"
    "FILE may be '-' for standard input.\n"
    "\n"
    "Options take their value as '--opt VALUE' or '--opt=VALUE'.\n"
    "Actions (at least one):\n"
    "  -o DIR                 write PREFIX.h, PREFIX.c and PREFIX_main.c into DIR\n"
    "                         (created when missing);\n"
    "                         with --target embedded also PREFIX_ncs.h,\n"
    "                         PREFIX_ncs.c and DIR/ncs/ (the runtime core's copy)\n"
    "  --check                parse, check and validate the geometry only; on\n"
    "                         success say what was checked (one line on stderr)\n"
    "  --dump-ast             print the checked scene\n"
    "  --dump-groups          print the nonconvex groups as JSON\n"
    "  --svg-groups FILE.svg  draw the obstacles and their pieces\n"
    "Options:\n"
    "  --prefix P             symbol prefix of the generated code (default: scene name)\n"
    "  --target host|embedded link the host runtime, or carry a copy of its core\n"
    "                         (default host)\n"
    "  --real double|float    embedded target's number type (default double)\n"
    "  --decomp triangles|convex  obstacle decomposition\n"
    "  --formulation NAME     override the scene's formulation (stewart, max,\n"
    "                         summation, diff, diff-accurate)\n"
    "  --help                 show this help (takes no other arguments)\n"
    "  --version              show the version (takes no other arguments)\n";

static int usage_error(const char *fmt, const char *arg) {
    fputs("ncsc: error: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry 'ncsc --help' for more information.\n", stderr);
    return EXIT_USAGE;
}

/* ncs_opt_value, reporting a missing value. Returns 1 with *val set, 0
 * when argv[*i] is another option, -1 when the value is missing
 * (reported). */
static int opt_value(int argc, char **argv, int *i, const char *name, const char **val) {
    int r = ncs_opt_value(argc, argv, i, name, val);
    if (r < 0)
        usage_error("option '%s' needs an argument", name);
    return r;
}

/* Fills `c` from the command line. Returns 0, EXIT_USAGE, or -1 after
 * --help / --version (exit 0), which must be the only argument. */
static int parse_args(int argc, char **argv, cli *c) {
    memset(c, 0, sizeof *c);
    c->geom = ncs_geom_default_options();
    c->emit.target = NCS_TARGET_HOST;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = NULL;
        int r;
        if (strcmp(a, "--help") == 0 || strcmp(a, "--version") == 0) {
            if (argc != 2)
                return usage_error("'%s' takes no other arguments", a);
            if (a[2] == 'h')
                fputs(usage_text, stdout);
            else
                printf("ncsc %s\n", NCS_VERSION);
            return -1;
        } else if (strcmp(a, "--check") == 0) {
            c->check = 1;
        } else if (strcmp(a, "--dump-ast") == 0) {
            c->dump_ast = 1;
        } else if (strcmp(a, "--dump-groups") == 0) {
            c->dump_groups = 1;
        } else if ((r = opt_value(argc, argv, &i, "-o", &v)) != 0) {
            if (r < 0)
                return EXIT_USAGE;
            c->outdir = v;
        } else if ((r = opt_value(argc, argv, &i, "--svg-groups", &v)) != 0) {
            if (r < 0)
                return EXIT_USAGE;
            c->svg = v;
        } else if ((r = opt_value(argc, argv, &i, "--prefix", &v)) != 0) {
            if (r < 0)
                return EXIT_USAGE;
            const char *why = ncs_prefix_problem(v);
            if (why) {
                fprintf(stderr, "ncsc: error: prefix '%s' %s\n", v, why);
                return EXIT_USAGE;
            }
            c->emit.prefix = v;
        } else if ((r = opt_value(argc, argv, &i, "--target", &v)) != 0) {
            if (r < 0)
                return EXIT_USAGE;
            if (strcmp(v, "host") == 0)
                c->emit.target = NCS_TARGET_HOST;
            else if (strcmp(v, "embedded") == 0)
                c->emit.target = NCS_TARGET_EMBEDDED;
            else
                return usage_error("unknown target '%s' (expected host or embedded)", v);
        } else if ((r = opt_value(argc, argv, &i, "--real", &v)) != 0) {
            if (r < 0)
                return EXIT_USAGE;
            if (strcmp(v, "double") == 0)
                c->emit.real_float = 0;
            else if (strcmp(v, "float") == 0)
                c->emit.real_float = 1;
            else
                return usage_error("unknown real type '%s' (expected double or float)", v);
        } else if ((r = opt_value(argc, argv, &i, "--decomp", &v)) != 0) {
            if (r < 0)
                return EXIT_USAGE;
            if (strcmp(v, "triangles") == 0)
                c->geom.decomp = NCS_DECOMP_TRIANGLES;
            else if (strcmp(v, "convex") == 0)
                c->geom.decomp = NCS_DECOMP_CONVEX;
            else
                return usage_error("unknown decomposition '%s' (expected triangles or convex)", v);
        } else if ((r = opt_value(argc, argv, &i, "--formulation", &v)) != 0) {
            const char *hint = NULL;
            if (r < 0)
                return EXIT_USAGE;
            if (ncs_formulation_from_name(v, &hint) < 0) {
                fprintf(stderr, "ncsc: error: unknown formulation '%s'", v);
                if (hint)
                    fprintf(stderr, "; did you mean '%s'?", hint);
                fputs("\nTry 'ncsc --help' for more information.\n", stderr);
                return EXIT_USAGE;
            }
            c->formulation = v;
        } else if (a[0] == '-' && a[1] != '\0') {
            return usage_error("unknown option '%s'", a);
        } else if (c->file) {
            return usage_error("more than one input file ('%s')", a);
        } else {
            c->file = a;
        }
    }
    if (!c->file)
        return usage_error("%s", "no input file");
    if (!c->check && !c->dump_ast && !c->dump_groups && !c->svg && !c->outdir)
        return usage_error("%s", "nothing to do: give -o DIR, --check, --dump-ast, "
                                 "--dump-groups or --svg-groups FILE");
    c->emit.outdir = c->outdir;
    return 0;
}

/* "N thing" / "N things" (buf: 48 bytes). */
static const char *count(char *buf, int n, const char *one, const char *many) {
    snprintf(buf, 48, "%d %s", n, n == 1 ? one : many);
    return buf;
}

/* --check on a good file says what it checked, on stderr (stdout may be
 * --dump-ast or --dump-groups):
 *   FILE: ok: 1 obstacle (1 polygon, 1 hole), 1 body (1 particle),
 *   4 expectations; formulation max, 400 steps of h = 0.01
 * with "2 joints (1 pin, 1 weld)" after the bodies when there are joints,
 * and ", restitution" when a body or the scene sets one. */
static void check_summary(const ncs_scene *s, const char *name) {
    int kinds[NCS_NBODY_KINDS] = {0}, polys = 0, groups = 0, holes = 0, i, any = 0;
    char a[48], b[48];
    for (i = 0; i < s->nobstacles; i++) {
        polys += s->obstacles[i].kind == NCS_OBST_POLYGON;
        groups += s->obstacles[i].kind == NCS_OBST_GROUP;
        holes += s->obstacles[i].kind == NCS_OBST_POLYGON ? s->obstacles[i].nholes : 0;
    }
    for (i = 0; i < s->nbodies; i++)
        if (s->bodies[i].kind >= 0 && s->bodies[i].kind < NCS_NBODY_KINDS)
            kinds[s->bodies[i].kind]++;
    fprintf(stderr, "%s: ok: %s", name, count(a, s->nobstacles, "obstacle", "obstacles"));
    if (s->nobstacles > 0) {
        fputs(" (", stderr);
        if (polys)
            fprintf(stderr, "%s, %s", count(a, polys, "polygon", "polygons"),
                    count(b, holes, "hole", "holes"));
        if (groups)
            fprintf(stderr, "%s%s", polys ? ", " : "", count(a, groups, "group", "groups"));
        fputc(')', stderr);
    }
    fprintf(stderr, ", %s (", count(a, s->nbodies, "body", "bodies"));
    for (i = 0; i < NCS_NBODY_KINDS; i++)
        if (kinds[i])
            fprintf(stderr, "%s%s", any++ ? ", " : "",
                    count(a, kinds[i], ncs_body_kinds[i].name, ncs_body_kinds[i].plural));
    fputc(')', stderr);
    if (s->njoints > 0) { /* 2 joints (1 pin, 1 weld) */
        static const char *const jone[3] = {"pin", "rod", "weld"};
        static const char *const jmany[3] = {"pins", "rods", "welds"};
        int jk[3] = {0, 0, 0};
        for (i = 0; i < s->njoints; i++)
            if (s->joints[i].kind >= 0 && s->joints[i].kind < 3)
                jk[s->joints[i].kind]++;
        fprintf(stderr, ", %s (", count(a, s->njoints, "joint", "joints"));
        for (i = 0, any = 0; i < 3; i++)
            if (jk[i])
                fprintf(stderr, "%s%s", any++ ? ", " : "", count(a, jk[i], jone[i], jmany[i]));
        fputc(')', stderr);
    }
    for (i = 0, any = s->restitution > 0; i < s->nbodies; i++)
        any |= s->bodies[i].restitution > 0;
    if (any)
        fputs(", restitution", stderr);
    fprintf(stderr, ", %s; formulation %s, %s of h = %g\n",
            count(a, s->nexpects, "expectation", "expectations"),
            ncs_formulation_name(s->form), count(b, s->steps, "step", "steps"), s->h);
}

/* Runs the stages on scene `s`. Returns the exit status. */
static int run_stages(const cli *c, ncs_scene *s, ncs_diag *d) {
    ncs_geometry g;
    int status = 0;
    memset(&g, 0, sizeof g);
    if (c->dump_ast)
        ncs_scene_dump(s, stdout);
    if (!c->check && !c->dump_groups && !c->svg && !c->outdir)
        return 0;
    if (ncs_geom_build(s, &c->geom, d, &g) != 0 || ncs_diag_errors(d) > 0)
        return EXIT_INPUT;
    if (c->check)
        check_summary(s, d->file);
    if (c->dump_groups && ncs_geom_dump_json(s, &g, stdout) != 0) {
        fprintf(stderr, "ncsc: error: cannot write the groups: %s\n", strerror(errno));
        status = EXIT_USAGE;
    }
    if (status == 0 && c->svg) {
        FILE *f = fopen(c->svg, "w");
        int bad = !f || ncs_geom_write_svg(s, &g, f) != 0;
        if (f && fclose(f) != 0)
            bad = 1;
        if (bad) {
            fprintf(stderr, "ncsc: error: cannot write '%s': %s\n", c->svg, strerror(errno));
            status = EXIT_USAGE;
        }
    }
    if (status == 0 && c->outdir) {
        /* -o DIR: created (with its missing parents) when it does not
         * exist, and removed again when the compile fails */
        size_t existing;
        int r = 2;
        if (ncs_make_dirs(c->outdir, &existing) != 0)
            fprintf(stderr, "ncsc: error: cannot create the output directory '%s': %s\n", c->outdir,
                    strerror(errno));
        else if ((r = ncs_emit(s, &g, &c->emit, d)) != 0)
            ncs_remove_made_dirs(c->outdir, existing);
        status = r == 0 ? 0 : r == 1 ? EXIT_INPUT : EXIT_USAGE;
    }
    ncs_geom_free(&g);
    return status;
}

int main(int argc, char **argv) {
    cli c;
    int status;
    if (argc > 1 && strcmp(argv[1], "run") == 0)
        return ncs_run_main(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "view") == 0)
        return ncs_view_main(argc - 1, argv + 1);
    status = parse_args(argc, argv, &c);
    if (status != 0)
        return status < 0 ? 0 : status;

    const char *name = strcmp(c.file, "-") == 0 ? "<stdin>" : c.file;
    char *text = NULL;
    size_t len = 0;
    int err = ncs_read_scene(c.file, &text, &len);
    if (err)
        return err == 1 ? EXIT_INPUT : EXIT_USAGE;

    ncs_diag d;
    ncs_diag_init(&d, name, text, len);
    int nomem = 0;
    ncs_scene *s = ncs_parse_opt(name, text, len, &d, &nomem,
                                 c.formulation ? ncs_formulation_from_name(c.formulation, NULL)
                                               : -1);
    status = s ? run_stages(&c, s, &d) : nomem ? EXIT_USAGE : EXIT_INPUT;
    ncs_scene_free(s);
    free(text);
    if (fflush(stdout) != 0 && status == 0) {
        fprintf(stderr, "ncsc: error: cannot write the output: %s\n", strerror(errno));
        status = EXIT_USAGE;
    }
    return status;
}
