/* main.c - commands: `ncsc`. The options (cli.c), then the stages of the
 * pipeline (compile.h): read, parse and check; --dump-ast; geometry;
 * for --check the plan (its sizes); --check, --dump-groups, --svg-groups;
 * and for -o DIR the plan and the files.
 *
 * Exit status: 0 success, 1 errors in the input, 2 usage or I/O errors
 * (running out of memory included).
 * The subcommands `ncsc run` (run.c) and `ncsc view` (web.c) dispatch in
 * main() before the compile options are parsed.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "compile.h"
#include "parse.h"
#include "run.h"
#include "web.h"

#ifndef NCS_VERSION
#define NCS_VERSION "unknown"
#endif

enum { EXIT_INPUT = 1, EXIT_USAGE = 2 };

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
    "  --check                parse, check, validate the geometry and the state's\n"
    "                         sizes; on success say what was checked (one line\n"
    "                         on stderr)\n"
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

static const ncs_cli_spec spec = {
    "ncsc", usage_text, NCS_VERSION,
    NCS_OPT_OUT | NCS_OPT_PREFIX | NCS_OPT_FORMULATION | NCS_OPT_DECOMP | NCS_OPT_TARGET |
        NCS_OPT_REAL | NCS_OPT_SVG | NCS_OPT_ACTIONS | NCS_OPT_VERSION,
    0, 1, "unknown option '%s'", "input file"};

/* Fills `c` from the command line. Returns 0, EXIT_USAGE, or -1 after
 * --help / --version (exit 0), which must be the only argument. */
static int parse_args(int argc, char **argv, ncs_cli *c) {
    int status = ncs_cli_parse(&spec, argc, argv, c);
    if (status != 0)
        return status;
    if (!c->check && !c->dump_ast && !c->dump_groups && !c->svg && !c->out) {
        fputs("ncsc: error: nothing to do: give -o DIR, --check, --dump-ast, --dump-groups or "
              "--svg-groups FILE\nTry 'ncsc --help' for more information.\n", stderr);
        return EXIT_USAGE;
    }
    c->opt.emit.outdir = c->out;
    return 0;
}

/* "N thing" / "N things" (buf: 48 bytes). */
static const char *count(char *buf, int n, const char *one, const char *many) {
    snprintf(buf, 48, "%d %s", n, n == 1 ? one : many);
    return buf;
}

/* --check on a good file says what it checked, on stderr (stdout may be
 * --dump-ast or --dump-groups):
 * (after the plan: a state that cannot be held is refused here too)
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
            fprintf(stderr, "%s, %s", count(a, polys, ncs_obstacle_kinds[NCS_OBST_POLYGON].name,
                                  ncs_obstacle_kinds[NCS_OBST_POLYGON].plural),
                    count(b, holes, "hole", "holes"));
        if (groups)
            fprintf(stderr, "%s%s", polys ? ", " : "", count(a, groups, ncs_obstacle_kinds[NCS_OBST_GROUP].name,
                                                      ncs_obstacle_kinds[NCS_OBST_GROUP].plural));
        fputc(')', stderr);
    }
    fprintf(stderr, ", %s (", count(a, s->nbodies, "body", "bodies"));
    for (i = 0; i < NCS_NBODY_KINDS; i++)
        if (kinds[i])
            fprintf(stderr, "%s%s", any++ ? ", " : "",
                    count(a, kinds[i], ncs_body_kinds[i].name, ncs_body_kinds[i].plural));
    fputc(')', stderr);
    if (s->njoints > 0) { /* 2 joints (1 pin, 1 weld) */
        int jk[NCS_NJOINT_KINDS] = {0};
        for (i = 0; i < s->njoints; i++)
            if (s->joints[i].kind >= 0 && s->joints[i].kind < NCS_NJOINT_KINDS)
                jk[s->joints[i].kind]++;
        fprintf(stderr, ", %s (", count(a, s->njoints, "joint", "joints"));
        for (i = 0, any = 0; i < NCS_NJOINT_KINDS; i++)
            if (jk[i])
                fprintf(stderr, "%s%s", any++ ? ", " : "",
                        count(a, jk[i], ncs_joint_kinds[i].name, ncs_joint_kinds[i].plural));
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

/* After the geometry: --check, --dump-groups, --svg-groups. Returns the
 * exit status. */
static int report(const ncs_cli *c, ncs_compile_unit *u) {
    if (c->check)
        check_summary(u->s, u->d.file);
    if (c->dump_groups && ncs_geom_dump_json(u->s, &u->g, stdout) != 0) {
        fprintf(stderr, "ncsc: error: cannot write the groups: %s\n", strerror(errno));
        return EXIT_USAGE;
    }
    if (c->svg) {
        FILE *f = fopen(c->svg, "w");
        int bad = !f || ncs_geom_write_svg(u->s, &u->g, f) != 0;
        if (f && fclose(f) != 0)
            bad = 1;
        if (bad) {
            fprintf(stderr, "ncsc: error: cannot write '%s': %s\n", c->svg, strerror(errno));
            return EXIT_USAGE;
        }
    }
    return 0;
}

/* -o DIR: the plan and the files. DIR is created (with its missing parents)
 * when it does not exist, and removed again when the compile fails.
 * Returns the exit status. */
static int emit_into(const ncs_cli *c, ncs_compile_unit *u) {
    size_t existing;
    int status;
    if (ncs_make_dirs(c->out, &existing) != 0) {
        fprintf(stderr, "ncsc: error: cannot create the output directory '%s': %s\n", c->out,
                strerror(errno));
        return EXIT_USAGE;
    }
    status = ncs_compile(u, &c->opt, NCS_STAGE_EMIT);
    if (status != 0)
        ncs_remove_made_dirs(c->out, existing);
    return status;
}

int main(int argc, char **argv) {
    ncs_cli c;
    ncs_compile_unit u;
    int status;
    if (argc > 1 && strcmp(argv[1], "run") == 0)
        return ncs_run_main(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "view") == 0)
        return ncs_view_main(argc - 1, argv + 1);
    status = parse_args(argc, argv, &c);
    if (status != 0)
        return status < 0 ? 0 : status;

    ncs_compile_init(&u, c.file, NULL, 0);
    status = ncs_compile(&u, &c.opt, NCS_STAGE_PARSE);          /* read, parse, check */
    if (status == 0 && c.dump_ast)
        ncs_scene_dump(u.s, stdout);
    if (status == 0 && (c.check || c.dump_groups || c.svg || c.out)) {
        status = ncs_compile(&u, &c.opt, NCS_STAGE_GEOMETRY);     /* geometry */
        if (status == 0 && c.check)        /* --check refuses what -o would: the sizes */
            status = ncs_compile(&u, &c.opt, NCS_STAGE_PLAN);
        if (status == 0)
            status = report(&c, &u);          /* --check, --dump-groups, --svg-groups */
        if (status == 0 && c.out)
            status = emit_into(&c, &u);                         /* plan, emit */
    }
    ncs_compile_free(&u);
    if (fflush(stdout) != 0 && status == 0) {
        fprintf(stderr, "ncsc: error: cannot write the output: %s\n", strerror(errno));
        status = EXIT_USAGE;
    }
    return status;
}
