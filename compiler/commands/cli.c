/* cli.c - commands: the one option parser of the three commands, and their
 * output folders (see cli.h). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli.h"
#include "parse.h"

/* Matches option `name` (e.g. "--prefix") at argv[*i], in either form:
 * "--name VALUE" (then *i moves to VALUE) or "--name=VALUE". Returns 1
 * with *val set; 0 when argv[*i] is not this option; -1 when it is but
 * the value is missing (nothing is printed: the caller reports it). */
static int opt_value(int argc, char **argv, int *i, const char *name, const char **val) {
    size_t n = strlen(name);
    if (strncmp(argv[*i], name, n) != 0)
        return 0;
    if (argv[*i][n] == '=') {
        *val = argv[*i] + n + 1;
        return 1;
    }
    if (argv[*i][n] != '\0')
        return 0;
    if (*i + 1 >= argc)
        return -1;
    *val = argv[++*i];
    return 1;
}

void ncs_remove_made_dirs(const char *path, size_t existing) {
    size_t n = strlen(path);
    char *buf = malloc(n + 1);
    if (!buf)
        return;
    memcpy(buf, path, n + 1);
    while (n > existing) {
        while (n > existing && buf[n - 1] == '/')
            buf[--n] = '\0';            /* "a/b/" -> "a/b" */
        if (n <= existing || rmdir(buf) != 0)
            break;
        while (n > existing && buf[n - 1] != '/')
            buf[--n] = '\0';            /* "a/b" -> "a/" */
    }
    free(buf);
}

int ncs_make_dirs(const char *path, size_t *existing) {
    size_t i, last = 0, n = strlen(path);  /* last: the '/' before the current part */
    struct stat st;
    char *buf = malloc(n + 1);
    if (!buf) {
        errno = ENOMEM;
        return -1;
    }
    memcpy(buf, path, n + 1);
    *existing = n;
    for (i = 1; i <= n; i++) {
        if (buf[i] != '/' && buf[i] != '\0')
            continue;
        buf[i] = '\0';
        if (mkdir(buf, 0777) == 0) {
            if (*existing == n)
                *existing = last;   /* the first directory made starts after it */
        } else if (errno != EEXIST || stat(buf, &st) != 0 || !S_ISDIR(st.st_mode)) {
            int e = errno == EEXIST ? ENOTDIR : errno;
            if (*existing < n)
                ncs_remove_made_dirs(buf, *existing);
            free(buf);
            errno = e;
            return -1;
        }
        buf[i] = path[i];
        last = i;
    }
    free(buf);
    return 0;
}

/* "CMD: error: " fmt (with arg), and with `try` the line that points to
 * --help. Returns 2, the exit status of a usage error. */
static int cli_error(const ncs_cli_spec *spec, int try, const char *fmt, const char *arg) {
    fprintf(stderr, "%s: error: ", spec->cmd);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    if (try)
        fprintf(stderr, "Try '%s --help' for more information.\n", spec->cmd);
    return 2;
}

/* opt_value for an option `spec` takes (bit `opt`), reporting a missing
 * value. Returns 1 with *val set, 0 when argv[*i] is not this option, -1
 * when the value is missing (reported). */
static int cli_value(const ncs_cli_spec *spec, unsigned opt, int argc, char **argv, int *i,
                     const char *name, const char **val) {
    int r = spec->takes & opt ? opt_value(argc, argv, i, name, val) : 0;
    if (r < 0)
        cli_error(spec, 1, "option '%s' needs an argument", name);
    return r;
}

/* One of two words, as an option's value: 0 for the first, 1 for the
 * second, -1 for neither. */
static int cli_pick(const char *v, const char *first, const char *second) {
    return strcmp(v, first) == 0 ? 0 : strcmp(v, second) == 0 ? 1 : -1;
}

int ncs_cli_parse(const ncs_cli_spec *spec, int argc, char **argv, ncs_cli *c) {
    int i;
    memset(c, 0, sizeof *c);
    c->opt = ncs_compile_defaults();
    for (i = 1; i < argc && !(spec->file_ends_options && c->file); i++) {
        const char *a = argv[i], *v = NULL, *hint = NULL;
        int r, k;
        if (strcmp(a, "--help") == 0 ||
            (spec->takes & NCS_OPT_VERSION && strcmp(a, "--version") == 0)) {
            if (spec->takes & NCS_OPT_VERSION && argc != 2)
                return cli_error(spec, 1, "'%s' takes no other arguments", a);
            if (a[2] == 'h')
                fputs(spec->usage, stdout);
            else
                printf("ncsc %s\n", spec->version);
            if (fflush(stdout) != 0 || ferror(stdout)) /* closed, full: say so */
                return cli_error(spec, 0, "cannot write to the standard output: %s",
                                 strerror(errno));
            return -1;
        } else if (spec->takes & NCS_OPT_ACTIONS && strcmp(a, "--check") == 0) {
            c->check = 1;
        } else if (spec->takes & NCS_OPT_ACTIONS && strcmp(a, "--dump-ast") == 0) {
            c->dump_ast = 1;
        } else if (spec->takes & NCS_OPT_ACTIONS && strcmp(a, "--dump-groups") == 0) {
            c->dump_groups = 1;
        } else if ((r = cli_value(spec, NCS_OPT_OUT, argc, argv, &i, "-o", &v)) != 0) {
            if (r < 0)
                return 2;
            c->out = v;
        } else if ((r = cli_value(spec, NCS_OPT_SVG, argc, argv, &i, "--svg-groups", &v)) != 0) {
            if (r < 0)
                return 2;
            c->svg = v;
        } else if ((r = cli_value(spec, NCS_OPT_PREFIX, argc, argv, &i, "--prefix", &v)) != 0) {
            const char *why = r > 0 ? ncs_prefix_problem(v) : NULL;
            if (r < 0)
                return 2;
            if (why) {
                fprintf(stderr, "%s: error: prefix '%s' %s\n", spec->cmd, v, why);
                return 2;
            }
            c->opt.emit.prefix = v;
        } else if ((r = cli_value(spec, NCS_OPT_TARGET, argc, argv, &i, "--target", &v)) != 0) {
            if (r < 0)
                return 2;
            if ((k = cli_pick(v, "host", "embedded")) < 0)
                return cli_error(spec, 1, "unknown target '%s' (expected host or embedded)", v);
            c->opt.emit.target = k ? NCS_TARGET_EMBEDDED : NCS_TARGET_HOST;
        } else if ((r = cli_value(spec, NCS_OPT_REAL, argc, argv, &i, "--real", &v)) != 0) {
            if (r < 0)
                return 2;
            if ((k = cli_pick(v, "double", "float")) < 0)
                return cli_error(spec, 1, "unknown real type '%s' (expected double or float)", v);
            c->opt.emit.real_float = k;
        } else if ((r = cli_value(spec, NCS_OPT_DECOMP, argc, argv, &i, "--decomp", &v)) != 0) {
            if (r < 0)
                return 2;
            if ((k = cli_pick(v, "triangles", "convex")) < 0)
                return cli_error(spec, spec->value_try,
                                 "unknown decomposition '%s' (expected triangles or convex)", v);
            c->opt.geom.decomp = k ? NCS_DECOMP_CONVEX : NCS_DECOMP_TRIANGLES;
        } else if ((r = cli_value(spec, NCS_OPT_FORMULATION, argc, argv, &i, "--formulation",
                                  &v)) != 0) {
            if (r < 0)
                return 2;
            if ((c->opt.form = ncs_formulation_from_name(v, &hint)) < 0) {
                fprintf(stderr, "%s: error: unknown formulation '%s'%s%s%s\n", spec->cmd, v,
                        hint ? "; did you mean '" : "", hint ? hint : "", hint ? "'?" : "");
                if (spec->value_try)
                    fprintf(stderr, "Try '%s --help' for more information.\n", spec->cmd);
                return 2;
            }
            for (k = 0; k < c->nforms && c->forms[k] != c->opt.form; k++)
                ;
            if (k == c->nforms && k < NCS_CLI_FORMS)
                c->forms[c->nforms++] = c->opt.form;
        } else if (a[0] == '-' && a[1] != '\0') {
            return cli_error(spec, 1, spec->unknown, a);
        } else if (c->file) {
            fprintf(stderr, "%s: error: more than one %s ('%s')\n"
                            "Try '%s --help' for more information.\n",
                    spec->cmd, spec->what_file, a, spec->cmd);
            return 2;
        } else {
            c->file = a;
            c->next = i + 1;
        }
    }
    if (!c->file)
        return cli_error(spec, 1, "no %s", spec->what_file);
    return 0;
}
